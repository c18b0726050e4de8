import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { artifactFor, REPORT_FILE } from "../../generator/report/report-artifact.ts";
import { tempDir, EXAMPLE } from "./fixture-root.ts";
import { GithubModel, startGithubModel, type Pull, type RunningModel } from "./github-model/github-model.ts";
import { workflowRunEvent } from "./github-model/webhook-events.ts";
import { runAction } from "./run-action.ts";

/** Every record under `root`'s `records/`, by path: what a default branch holds. */
export async function recordFiles(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of (await readdir(join(root, "records"), { recursive: true })).sort())
    if (entry.endsWith(".yaml"))
      files[`records/${entry}`] = await readFile(join(root, "records", entry), "utf8");
  return files;
}

/** A GitHub model of `org/sprint` with the example records on `main`, serving on 127.0.0.1. */
export async function startScene(): Promise<{ model: GithubModel; github: RunningModel }> {
  const model = new GithubModel(await recordFiles(EXAMPLE));
  return { model, github: await startGithubModel(model) };
}

/** An edit of Gripper Gang's skills (lenafischer is a member) and a new project linked to it. */
export async function gripperChange(): Promise<Record<string, string>> {
  const gripperGang = await readFile(join(EXAMPLE, "records/teams/gripper-gang.yaml"), "utf8");
  return {
    "records/teams/gripper-gang.yaml": gripperGang.replace("[3D printing]", "[3D printing, ROS 2]"),
    "records/projects/gripper-demo.yaml":
      "title: Gripper Demo\ntagline: x\ndescription: x\nteam: []\nteamSlug: gripper-gang\n",
  };
}

/** `author` pushes `changes` to a branch of their fork and opens a pull request into `base`. */
export function forkPull(
  model: GithubModel,
  author: string,
  changes: Record<string, string | null>,
  { branch = "gripper-demo", base = model.defaultBranch } = {},
): Pull {
  model.push(`${author}/sprint`, branch, changes);
  return model.openPull(author, `${author}:${branch}`, base);
}

const DIFF = {
  event: [],
  teams: {
    added: [],
    removed: [],
    changed: [
      { slug: "gripper-gang", fields: [{ path: "skillsPresent", before: ["x"], after: ["x", "ROS 2"] }] },
    ],
  },
  projects: { added: ["gripper-demo"], removed: [], changed: [] },
};

/** The report a Validate run of `pr` leaves (valid records unless `ok` is false). */
export const reportOf = (model: GithubModel, pr: Pull, ok = true) =>
  artifactFor({ number: pr.number, headSha: pr.head.sha, baseSha: model.mainSha }, ok, [], DIFF);

/** The `workflow_run` event of a Validate (or Review) run that finished for `pr`'s head. */
export function finished(
  model: GithubModel,
  pr: Pull,
  { workflow = "validate", event = "pull_request", conclusion = "success" } = {},
) {
  const run = model.finishRun({
    path: `.github/workflows/${workflow}.yml`,
    event,
    head_sha: pr.head.sha,
    head_branch: pr.head.ref,
    head_repository: pr.head.repo,
    conclusion,
  });
  return {
    run,
    event: workflowRunEvent(model, run),
    url: `https://github.com/org/sprint/actions/runs/${run.id}`,
  };
}

/** Runs the Report step against the model at `apiUrl`, with `artifact` as report.json (null: none). */
export async function runReport(
  apiUrl: string,
  artifact: unknown,
  event: unknown,
  env: Record<string, string>,
) {
  const dir = await tempDir("artifact-");
  if (artifact !== null)
    await writeFile(
      join(dir, REPORT_FILE),
      typeof artifact === "string" ? artifact : JSON.stringify(artifact),
    );
  return runAction("report", event, {
    GITHUB_API_URL: apiUrl,
    GITHUB_TOKEN: "ghs_test-token",
    REPORT_DIR: dir,
    REGISTRY_RETRY_BASE_MS: "0",
    ...env,
  });
}

/** Report after `pr`'s Validate run finished, with that run's report. */
export function reportAfterValidate(
  scene: { model: GithubModel; github: RunningModel },
  pr: Pull,
  artifact: unknown = reportOf(scene.model, pr),
) {
  const done = finished(scene.model, pr);
  return runReport(scene.github.url, artifact, done.event, { VALIDATE_RUN_URL: done.url });
}
