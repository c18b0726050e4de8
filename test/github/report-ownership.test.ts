import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import { HEAD, runReport, standInRepo, validReport, workflowRun } from "../helpers/report-harness.ts";

/** The holes a hostile pull request found in ownership, each closed through the real Report step. */
let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

const ATTACH = "records/projects/drone-heist.yaml";
const attachProject = (author: string) =>
  `title: Drone Heist\ntagline: x\ndescription: x\nteam:\n  - name: M\n    github: ${author}\nteamSlug: drone-dojo\n`;

/** #7 becomes one new project by `author` that joins Drone Dojo (members mnowak, inesduarte). */
function attach(author: string) {
  repo.pulls[7]!.user.login = author;
  repo.pulls[7]!.changed_files = 1;
  repo.files[7] = [{ filename: ATTACH, status: "added" }];
  repo.contents[`${HEAD}:${ATTACH}`] = attachProject(author);
}

/** Report after the Review workflow, with the Validate run the first step found (or "" for none). */
const afterReview = (artifact: unknown, validateRunUrl: string) =>
  runReport(github.url, artifact, workflowRun({ workflow: "review", event: "pull_request_review" }), {
    VALIDATE_RUN_URL: validateRunUrl,
  });

const statuses = () => repo.statuses.map((s) => [s.state, s.description]);
const comment = () => repo.comments[0]?.body ?? "";

describe("ownership holes, closed", () => {
  beforeEach(async () => {
    repo = await standInRepo("lenafischer");
    github = await startGithubStandIn(repo);
  });
  afterEach(() => github.close());

  it("refuses a project that attaches itself to someone else's team, though it lists its author", async () => {
    attach("mallory");
    expect((await runReport(github.url)).code).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    expect(comment()).toContain(
      "| ❌ | `records/projects/drone-heist.yaml` | added | only a member of team drone\\-dojo may attach a project to it |",
    );
  });

  it.each([
    ["a member of that team", "inesduarte", "inesduarte may make every change"],
    ["an organiser", "ada-organiser", "ada-organiser may make every change"],
  ])("lets %s attach a project to the team", async (_, author, description) => {
    attach(author);
    expect((await runReport(github.url)).code).toBe(0);
    expect(statuses()).toEqual([["success", description]]);
  });

  it("refuses when GitHub lists fewer files than the pull request changes (the list stops at 3,000)", async () => {
    repo.files[7] = Array.from({ length: 3000 }, (_, i) => ({
      filename: `records/teams/lena-${i}.yaml`,
      status: "added",
    }));
    repo.pulls[7]!.changed_files = 3001;
    expect((await runReport(github.url)).code).toBe(0);
    expect(statuses()).toEqual([
      ["failure", "GitHub listed 3000 of the 3001 changed files, so the rest could not be checked"],
    ]);
    // Past 100 records nothing is read: the API budget is 1,000 requests an hour.
    expect(github.requests.filter((r) => r.url.includes("/contents/")).map((r) => r.url)).toEqual([
      "/repos/org/sprint/contents/records%2Fevent.yaml?ref=main",
    ]);
    expect(comment()).toContain("| Ownership | ❌ needs an organiser |");
    expect(comment()).toContain(
      "❌ GitHub listed 3000 of the 3001 changed files, so the rest could not be checked: an organiser must review.",
    );
  });

  describe("an organiser's approval", () => {
    const review = (login: string, state: string, commit = HEAD) => ({
      user: { login },
      state,
      commit_id: commit,
    });

    it("of the head commit allows every change, and the comment says who approved", async () => {
      repo.pulls[7]!.user.login = "mallory";
      repo.reviews[7] = [review("Ada-Organiser", "COMMENTED"), review("ada-organiser", "APPROVED")];
      expect((await runReport(github.url)).code).toBe(0);
      expect(statuses()).toEqual([["success", "approved by organiser ada-organiser on this commit"]]);
      expect(comment()).toContain("| Ownership | ✅ allowed |");
      expect(comment()).toContain(
        "| ✅ | `records/teams/gripper-gang.yaml` | modified | organiser ada\\-organiser approved this commit |",
      );
    });

    it.each([
      ["on an older commit", [review("ada-organiser", "APPROVED", "e".repeat(40))]],
      ["by someone who is not an organiser", [review("tortega", "APPROVED")]],
      [
        "withdrawn by a later request for changes",
        [review("ada-organiser", "APPROVED"), review("ada-organiser", "CHANGES_REQUESTED")],
      ],
      ["dismissed", [review("ada-organiser", "APPROVED"), review("ada-organiser", "DISMISSED")]],
    ])("does not count %s", async (_, reviews) => {
      repo.pulls[7]!.user.login = "mallory";
      repo.reviews[7] = reviews;
      expect((await runReport(github.url)).code).toBe(0);
      expect(statuses()).toEqual([["failure", "2 change(s) need an organiser"]]);
    });

    it("is read when the Review workflow finishes, with the report of Validate's run for that commit", async () => {
      repo.pulls[7]!.user.login = "mallory";
      repo.reviews[7] = [review("ada-organiser", "APPROVED")];
      const run = await afterReview(validReport, "https://github.com/org/sprint/actions/runs/40");
      expect(run.code).toBe(0);
      expect(statuses()).toEqual([["success", "approved by organiser ada-organiser on this commit"]]);
      expect(comment()).toContain("[the Validate run](<https://github.com/org/sprint/actions/runs/40>)");
    });

    it("waits for Validate when it has not finished for the reviewed commit", async () => {
      const run = await afterReview(null, "");
      expect(run.code).toBe(0);
      expect(github.requests).toEqual([]);
      expect(run.stdout).toContain(
        `Validate has not finished for ${HEAD}; its Report will read the reviews.`,
      );
    });
  });
});
