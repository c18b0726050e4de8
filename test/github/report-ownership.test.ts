import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import { mdText } from "../../generator/report/markdown-text.ts";
import { textsRead } from "../helpers/github-model/texts-read.ts";
import {
  finished,
  forkPull,
  gripperChange,
  reportAfterValidate,
  reportOf,
  runReport,
  startScene,
} from "../helpers/report-harness.ts";

/** The holes a hostile pull request found in ownership, each closed through the real Report step. */
let model: GithubModel;
let github: RunningModel;

const ATTACH = "records/projects/drone-heist.yaml";
const attachProject = (author: string) =>
  `title: Drone Heist\ntagline: x\ndescription: x\nteam:\n  - name: M\n    github: ${author}\nteamSlug: drone-dojo\n`;

/** One new project by `author` that joins Drone Dojo (members mnowak, inesduarte). */
const attach = (author: string) => forkPull(model, author, { [ATTACH]: attachProject(author) });

/** Report after the Review workflow, with the Validate run the first step found (or none). */
const afterReview = (pr: Pull, artifact: unknown, validateRunUrl: string) =>
  runReport(
    github.url,
    artifact,
    finished(model, pr, { workflow: "review", event: "pull_request_review" }).event,
    {
      VALIDATE_RUN_URL: validateRunUrl,
    },
  );

const statuses = () => model.statuses.map((s) => [s.state, s.description]);
const comment = () => model.comments[0]?.body ?? "";
const report = (pr: Pull) => reportAfterValidate({ model, github }, pr);

describe("ownership holes, closed", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("refuses a project that attaches itself to someone else's team, though it lists its author", async () => {
    expect((await report(attach("mallory"))).code).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    expect(comment()).toContain(
      "| ❌ | `records/projects/drone-heist.yaml` | added | only a member of team drone\\-dojo may attach a project to it |",
    );
  });

  it.each([
    ["a member of that team", "inesduarte", "inesduarte may make every change"],
    ["an organiser", "ada-organiser", "ada-organiser may make every change"],
  ])("lets %s attach a project to the team", async (_, author, description) => {
    expect((await report(attach(author))).code).toBe(0);
    expect(statuses()).toEqual([["success", description]]);
  });

  it("judges a pull request from someone else's fork as the fork's owner, who pushes to it", async () => {
    // An organiser opens a pull request from mallory's harmless branch; mallory pushes later.
    model.push("mallory/sprint", "help", { "records/projects/help.yaml": attachProject("mallory") });
    const pr = model.openPull("ada-organiser", "mallory:help");
    const first = await report(pr);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `Pull request #${pr.number} was opened by ada-organiser from mallory/sprint: judging it as mallory's`,
    );
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    model.push("mallory/sprint", "help", { ".github/workflows/report.yml": "on: push\n" });
    await report(pr);
    expect(statuses().at(-1)).toEqual(["failure", "2 change(s) need an organiser"]);
    // A member's pull request from their own fork is still theirs.
    expect((await report(attach("inesduarte"))).code).toBe(0);
    expect(statuses().at(-1)).toEqual(["success", "inesduarte may make every change"]);
  });

  it("refuses when GitHub lists fewer files than the pull request changes (the list stops at 3,000)", async () => {
    const files = Array.from({ length: 3001 }, (_, i) => [`records/teams/lena-${i}.yaml`, "name: x\n"]);
    const pr = forkPull(model, "lenafischer", Object.fromEntries(files));
    github.requests.length = 0;
    expect((await report(pr)).code).toBe(0);
    expect(statuses()).toEqual([
      ["failure", "GitHub listed 3000 of the 3001 changed files, so the rest could not be checked"],
    ]);
    // Past 100 records nothing is read: the API budget is 1,000 requests an hour.
    expect(textsRead(github.requests)).toEqual(["records/event.yaml@main"]);
    expect(comment()).toContain("| Ownership | ❌ needs an organiser |");
    expect(comment()).toContain(
      "❌ GitHub listed 3000 of the 3001 changed files, so the rest could not be checked: an organiser must review.",
    );
  });

  it("refuses a formerSlugs entry a pull request adds: an old address is an organiser's to give", async () => {
    const change = await gripperChange();
    const team = change["records/teams/gripper-gang.yaml"]! + "formerSlugs: [drone-dojo-classic]\n";
    expect(
      (await report(forkPull(model, "lenafischer", { "records/teams/gripper-gang.yaml": team }))).code,
    ).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    expect(comment()).toContain("new formerSlugs \\(drone\\-dojo\\-classic\\) take over old addresses");
  });

  it("keeps an archived edition read-only: a participant's change under editions/ is not green and names the file, an organiser's is", async () => {
    const archived = "editions/2026/records/teams/gripper-gang.yaml";
    const team = (await gripperChange())["records/teams/gripper-gang.yaml"]!;
    model.push("org/sprint", model.defaultBranch, { [archived]: team });
    // lenafischer is a member of Gripper Gang, in 2026 too: the archive is still not hers to change.
    const edit = { [archived]: team.replace("ROS 2", "ROS 2, a prize we won later") };
    expect((await report(forkPull(model, "lenafischer", edit))).code).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    const why = `${archived} is part of the archived edition 2026, which is read-only: changing anything under editions/ needs an organiser`;
    expect(comment()).toContain(`| ❌ | \`${archived}\` | modified | ${mdText(why)} |`);
    // Its records are data the build checks, as the root's are: Validate's result is not the pull request's own word.
    expect(comment()).not.toContain("unverified");
    expect((await report(forkPull(model, "ada-organiser", edit))).code).toBe(0);
    expect(statuses().at(-1)).toEqual(["success", "ada-organiser may make every change"]);
  });

  describe("an organiser's approval", () => {
    type State = "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED";
    /** Reviews in the order given; `older` ones were submitted before the head's last push. */
    const reviewed = (pr: Pull, reviews: Array<[string, State, "older"?]>) => {
      for (const [who, state, older] of reviews) {
        const review = model.review(pr.number, who, state);
        if (older) review.commit_id = model.git.get(pr.head.sha).parents[0]!;
      }
    };

    it("of the head commit allows every change, and the comment says who approved", async () => {
      const pr = forkPull(model, "mallory", await gripperChange());
      reviewed(pr, [
        ["Ada-Organiser", "COMMENTED"],
        ["ada-organiser", "APPROVED"],
      ]);
      expect((await report(pr)).code).toBe(0);
      expect(statuses()).toEqual([["success", "approved by organiser ada-organiser on this commit"]]);
      expect(comment()).toContain("| Ownership | ✅ allowed |");
      expect(comment()).toContain(
        "| ✅ | `records/teams/gripper-gang.yaml` | modified | organiser ada\\-organiser approved this commit |",
      );
    });

    it.each([
      ["on an older commit", [["ada-organiser", "APPROVED", "older"]]],
      ["by someone who is not an organiser", [["tortega", "APPROVED"]]],
      [
        "withdrawn by a later request for changes",
        [
          ["ada-organiser", "APPROVED"],
          ["ada-organiser", "CHANGES_REQUESTED"],
        ],
      ],
      [
        "dismissed",
        [
          ["ada-organiser", "APPROVED"],
          ["ada-organiser", "DISMISSED"],
        ],
      ],
    ] as Array<[string, Array<[string, State, "older"?]>]>)("does not count %s", async (_, reviews) => {
      const pr = forkPull(model, "mallory", await gripperChange());
      reviewed(pr, reviews);
      expect((await report(pr)).code).toBe(0);
      expect(statuses()).toEqual([["failure", "2 change(s) need an organiser"]]);
    });

    it("is read when the Review workflow finishes, with the report of Validate's run for that commit", async () => {
      const pr = forkPull(model, "mallory", await gripperChange());
      reviewed(pr, [["ada-organiser", "APPROVED"]]);
      const run = await afterReview(pr, reportOf(model, pr), "https://github.com/org/sprint/actions/runs/40");
      expect(run.code).toBe(0);
      expect(statuses()).toEqual([["success", "approved by organiser ada-organiser on this commit"]]);
      expect(comment()).toContain("[the Validate run](<https://github.com/org/sprint/actions/runs/40>)");
    });

    it("waits for Validate when it has not finished for the reviewed commit", async () => {
      const pr = forkPull(model, "mallory", await gripperChange());
      const run = await afterReview(pr, null, "");
      expect(run.code).toBe(0);
      expect(github.requests).toEqual([]);
      expect(run.stdout).toContain(
        `Validate has not finished for ${pr.head.sha}; its Report will read the reviews.`,
      );
    });
  });
});
