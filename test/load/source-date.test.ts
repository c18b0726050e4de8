import { execFileSync } from "node:child_process";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceDate } from "../../generator/load/source-date.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

const files = ["records/event.yaml", "records/teams/alpha-team.yaml"];
const inputs = files.map((file) => ({ file }));

describe("sourceDate", () => {
  it("prefers SOURCE_DATE_EPOCH", async () => {
    expect(await sourceDate(await fixtureRoot(), inputs, { SOURCE_DATE_EPOCH: "1764928800" })).toEqual(
      new Date("2025-12-05T10:00:00Z"),
    );
  });

  it("uses the latest commit touching the inputs in a clean git checkout", async () => {
    const root = await fixtureRoot();
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: root,
        env: {
          ...process.env,
          GIT_COMMITTER_DATE: "2025-01-02T03:04:05Z",
          GIT_AUTHOR_DATE: "2025-01-02T03:04:05Z",
        },
      });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "records");
    expect(await sourceDate(root, inputs, {})).toEqual(new Date("2025-01-02T03:04:05Z"));
  });

  it("outside git, uses the newest modification time of the inputs", async () => {
    const root = await fixtureRoot();
    await utimes(join(root, files[0]!), new Date("2024-01-01T00:00:00Z"), new Date("2024-01-01T00:00:00Z"));
    await utimes(join(root, files[1]!), new Date("2024-06-01T12:00:00Z"), new Date("2024-06-01T12:00:00Z"));
    expect(await sourceDate(root, inputs, {})).toEqual(new Date("2024-06-01T12:00:00Z"));
  });

  it("outside git, takes a record's time from its read instead of looking at the file again", async () => {
    const root = await fixtureRoot();
    await utimes(join(root, files[0]!), new Date("2024-01-01T00:00:00Z"), new Date("2024-01-01T00:00:00Z"));
    const read = { file: "records/teams/gone.yaml", modifiedMs: Date.parse("2024-07-01T08:00:00.750Z") };
    expect(await sourceDate(root, [inputs[0]!, read], {})).toEqual(new Date("2024-07-01T08:00:00Z"));
  });
});
