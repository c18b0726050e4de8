import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run as enqueueRun } from "../../generator/github/enqueue/run.ts";
import { runInProcess } from "../helpers/action-in-process.ts";
import { filesWithForms } from "../helpers/default-branch.ts";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import {
  APP_TOKEN,
  GithubModel,
  startGithubModel,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { protectBranch } from "../helpers/github-model/pull-merge.ts";
import { GREEN, LATE, numbers, OWNERSHIP, REFUSED, section, teamPull } from "../helpers/queue-board.ts";

/**
 * Without a merge queue (a repository owned by a user has none), "Queue green pull requests"
 * merges the green pull requests itself, oldest first, each at the head Report judged, through
 * the branch's protection as GitHub applies it, lists what GitHub refused, and starts Publish once
 * when its token's pushes start no workflow.
 */
const TOKEN = "ghs_test-token";
let model: GithubModel;
let github: RunningModel;

beforeEach(async () => {
  model = new GithubModel(await filesWithForms(EXAMPLE));
  github = await startGithubModel(model);
  protectBranch(model, "main", {
    checks: [{ name: "validate", workflow: ".github/workflows/validate.yml" }],
    statuses: [OWNERSHIP],
  });
});
afterEach(() => github.close());

const enqueue = (token = TOKEN, slug = "") =>
  runInProcess(
    (env) => enqueueRun(env, { now: () => model.now }),
    {},
    {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: token,
      APP_SLUG: slug,
      DEFAULT_BRANCH: "main",
      REGISTRY_RETRY_BASE_MS: "0",
    },
  );

describe("Queue green pull requests without a merge queue", () => {
  it("merges the green ones oldest first at their judged heads, leaves the others, and starts Publish once", async () => {
    const g1 = teamPull(model, "ada", "t1", GREEN);
    const late = teamPull(model, "bo", "t2", LATE);
    const g2 = teamPull(model, "cy", "t3", GREEN);
    const refused = teamPull(model, "di", "t4", REFUSED);
    const g3 = teamPull(model, "ed", "t5", GREEN);
    const done = await enqueue();
    expect(done.failed).toBe(false);
    expect([g1, g2, g3].map((p) => p.merged)).toEqual([true, true, true]);
    expect([late.state, refused.state]).toEqual(["open", "open"]);
    // Each merge a merge commit of the branch and the judged head, in the order the pull requests were opened.
    const merges = [];
    for (
      let sha = model.mainSha;
      model.git.get(sha).parents.length === 2;
      sha = model.git.get(sha).parents[0]!
    )
      merges.unshift(model.git.get(sha).parents[1]);
    expect(merges).toEqual([g1, g2, g3].map((p) => p.head.sha));
    expect(model.dispatches.map((d) => [d.workflow, d.ref])).toEqual([["publish.yml", "main"]]);
    expect(done.summary).toContain(
      "main has no merge queue: merged 3 of 5 open pull requests directly, oldest first; Publish started.",
    );
    expect(section(done.summary, "Merged now").map(([n]) => n)).toEqual(numbers([g1, g2, g3]));
    expect(section(done.summary, "Late, awaiting an organiser's approval").map(([n]) => n)).toEqual([
      late.number,
    ]);
    expect(section(done.summary, "Refused").map(([n]) => n)).toEqual([refused.number]);
  });

  it("lists a merge GitHub refuses (a conflict with one merged before it, a head that moved) and merges the rest", async () => {
    const notes = (author: string, text: string) => {
      model.push(`${author}/sprint`, "notes", { "site/notes.md": text });
      const pr = model.openPull(author, `${author}:notes`, "main", `Notes by ${author}`);
      model.finishRun({
        path: ".github/workflows/validate.yml",
        event: "pull_request",
        head_sha: pr.head.sha,
        head_branch: "notes",
        head_repository: `${author}/sprint`,
        conclusion: "success",
      });
      model.statuses.push({
        sha: pr.head.sha,
        state: "success",
        context: OWNERSHIP,
        description: "ok",
        target_url: null,
        creator: { login: "github-actions[bot]", type: "Bot" },
        created_at: model.isoNow(),
      });
      return pr;
    };
    const first = notes("ada", "Ada's notes\n");
    const clash = notes("bo", "Bo's notes\n");
    const moved = teamPull(model, "cy", "t3", GREEN);
    const last = teamPull(model, "di", "t4", GREEN);
    // Right after the read, the third pull request's author pushes again.
    github.after("POST", "/graphql", () =>
      model.push("cy/sprint", "t3", { "records/teams/t3.yaml": "name: Later\n" }),
    );
    const done = await enqueue();
    expect([first.merged, clash.merged, moved.merged, last.merged]).toEqual([
      true,
      undefined,
      undefined,
      true,
    ]);
    expect(section(done.summary, "Refused")).toEqual([
      [clash.number, "GitHub refused it\\: Pull Request is not mergeable"],
      [moved.number, "GitHub refused it\\: Head branch was modified\\. Review and try the merge again\\."],
    ]);
  });

  it("with the App's token starts no Publish: the App's merges start it themselves", async () => {
    const pr = teamPull(model, "ada", "t1", GREEN);
    const done = await enqueue(APP_TOKEN, "registry-app");
    expect(pr.merged).toBe(true);
    expect(model.dispatches).toEqual([]);
    expect(done.summary).toContain("merged 1 of 1 open pull request directly, oldest first.");
  });
});
