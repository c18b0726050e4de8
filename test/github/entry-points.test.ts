import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningModel } from "../helpers/github-model/github-model.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { finished, forkPull, gripperChange, reportOf, startScene } from "../helpers/report-harness.ts";
import { runActionProcess } from "../helpers/run-action.ts";
import { enableMergeQueue } from "../helpers/github-model/merge-queue.ts";
import { GREEN, teamPull } from "../helpers/queue-board.ts";
import { REPORT_FILE } from "../../generator/report/report-artifact.ts";

/**
 * The other tests call each step's `run()` in their own process; the workflows start the compiled
 * entry points (`compiled/github/<step>/index.mjs`), which these tests run as GitHub does: a Node
 * process with only the runner's variables, an error becoming the step's `::error::` and its exit code.
 */
let github: RunningModel | undefined;
afterEach(() => github?.close());

describe("each workflow step's entry point, as a process of its own", () => {
  it.each([
    ["validate", "::error::Error: this is not a pull_request event: the payload has no pull_request"],
    ["report", "::error::Error: this is not a workflow_run event: the payload has no workflow_run"],
    [
      "find-validate-run",
      "::error::Error: this is not a workflow_run event: the payload has no workflow_run",
    ],
  ] as const)("%s fails its step, saying why, on a payload it cannot read", async (entry, error) => {
    const run = await runActionProcess(entry, {}, { GITHUB_WORKSPACE: await tempDir() });
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]!.startsWith(error)).toBe(true);
  });

  it("enqueue queues a green pull request against the GitHub model and writes the board", async () => {
    const scene = await startScene();
    github = scene.github;
    const queue = enableMergeQueue(scene.model);
    const pr = teamPull(scene.model, "ada", "robots", GREEN);
    const run = await runActionProcess(
      "enqueue",
      {},
      {
        GITHUB_API_URL: github.url,
        GITHUB_TOKEN: "ghs_test-token",
        DEFAULT_BRANCH: "main",
        REGISTRY_RETRY_BASE_MS: "0",
      },
    );
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(queue.entries.map((e) => e.pull)).toEqual([pr.number]);
    expect(run.summary).toContain(
      "Queued 1 of 1 open pull request, oldest first; Validate started on 1 merge group.",
    );
    expect(run.outputs).toEqual({ queued: "1" });
  });

  it("intake ends quietly on an event that is not an open issue", async () => {
    const run = await runActionProcess("intake", {}, { GITHUB_WORKSPACE: await tempDir() });
    expect([run.code, run.stdout.trim()]).toEqual([0, "Not an open issue: nothing to take in."]);
  });

  it("report judges a pull request against the GitHub model: a comment, a status and the job summary", async () => {
    const scene = await startScene();
    github = scene.github;
    const pr = forkPull(scene.model, "lenafischer", await gripperChange());
    const done = finished(scene.model, pr);
    const dir = await tempDir("artifact-");
    await writeFile(join(dir, REPORT_FILE), JSON.stringify(reportOf(scene.model, pr)));
    const run = await runActionProcess("report", done.event, {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: "ghs_test-token",
      REPORT_DIR: dir,
      REGISTRY_RETRY_BASE_MS: "0",
      VALIDATE_RUN_URL: done.url,
    });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(scene.model.comments).toHaveLength(1);
    expect(scene.model.statuses.map((s) => [s.state, s.description])).toEqual([
      ["success", "lenafischer may make every change"],
    ]);
    expect(run.summary).toContain(`Ownership of ${pr.head.sha}: allowed`);
    expect(run.outputs).toEqual({ status: "set" });
  });
});
