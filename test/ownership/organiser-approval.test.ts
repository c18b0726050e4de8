import { describe, expect, it } from "vitest";
import { organiserApproval, type Review } from "../../generator/ownership/organiser-approval.ts";

const HEAD = "a".repeat(40);
const OLD = "b".repeat(40);
const organisers = ["ada-organiser", "grace"];
const review = (author: string, state: string, commitId = HEAD): Review => ({ author, state, commitId });

describe("an organiser's approval", () => {
  it.each<[string, Review[], string | undefined]>([
    ["an organiser approves the head", [review("Ada-Organiser", "APPROVED")], "Ada-Organiser"],
    ["a later comment keeps it", [review("grace", "APPROVED"), review("grace", "COMMENTED")], "grace"],
    ["a pending review keeps it", [review("grace", "APPROVED"), review("grace", "PENDING")], "grace"],
    ["on an older commit", [review("grace", "APPROVED", OLD)], undefined],
    ["by a participant", [review("lenafischer", "APPROVED")], undefined],
    [
      "then changes requested",
      [review("grace", "APPROVED"), review("grace", "CHANGES_REQUESTED")],
      undefined,
    ],
    ["then dismissed", [review("grace", "APPROVED"), review("grace", "DISMISSED")], undefined],
    [
      "one organiser withdraws, another approves",
      [review("grace", "APPROVED"), review("grace", "DISMISSED"), review("ada-organiser", "APPROVED")],
      "ada-organiser",
    ],
    ["no reviews", [], undefined],
  ])("%s", (_, reviews, approvedBy) => {
    expect(organiserApproval(reviews, organisers, HEAD)).toBe(approvedBy);
  });
});
