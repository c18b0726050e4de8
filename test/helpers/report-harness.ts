import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { artifactFor, REPORT_FILE } from "../../generator/report/report-artifact.ts";
import { REPO, tempDir } from "./fixture-root.ts";
import type { StandInRepo } from "./github-stand-in.ts";
import { runAction } from "./run-action.ts";

/** Pull request #7 of org/sprint, its head commit and the base branch `main`. */
export const HEAD = "c".repeat(40);
export const BASE = "d".repeat(40);
export const STATUS_URL = `/repos/org/sprint/statuses/${HEAD}`;

/** The base branch `main` holds the example records, as GitHub's contents API would return them. */
export async function baseContents(): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const dir of ["records", "records/teams", "records/projects"])
    for (const name of await readdir(join(REPO, dir)))
      if (name.endsWith(".yaml"))
        contents[`main:${dir}/${name}`] = await readFile(join(REPO, dir, name), "utf8");
  return contents;
}

/** #7 by `author`: an edit of Gripper Gang's skills and a new project linked to it. */
export async function standInRepo(author: string): Promise<StandInRepo> {
  const gripperGang = await readFile(join(REPO, "records/teams/gripper-gang.yaml"), "utf8");
  return {
    pulls: {
      7: {
        number: 7,
        user: { login: author },
        head: { sha: HEAD },
        base: { ref: "main", sha: BASE },
        state: "open",
        changed_files: 2,
      },
    },
    files: {
      7: [
        { filename: "records/teams/gripper-gang.yaml", status: "modified" },
        { filename: "records/projects/gripper-demo.yaml", status: "added" },
      ],
    },
    contents: {
      ...(await baseContents()),
      [`${HEAD}:records/teams/gripper-gang.yaml`]: gripperGang.replace(
        "[3D printing]",
        "[3D printing, ROS 2]",
      ),
      [`${HEAD}:records/projects/gripper-demo.yaml`]:
        "title: Gripper Demo\ntagline: x\ndescription: x\nteam: []\nteamSlug: gripper-gang\n",
    },
    comments: [],
    statuses: [],
    reviews: {},
    validateRuns: [],
  };
}

export const validReport = artifactFor({ number: 7, headSha: HEAD, baseSha: BASE }, true, [], {
  event: [],
  teams: {
    added: [],
    removed: [],
    changed: [
      { slug: "gripper-gang", fields: [{ path: "skillsPresent", before: ["x"], after: ["x", "ROS 2"] }] },
    ],
  },
  projects: { added: ["gripper-demo"], removed: [], changed: [] },
});

/** The `workflow_run` payload of a finished Validate (or Review) run. */
export const workflowRun = ({
  headSha = HEAD,
  event = "pull_request",
  conclusion = "success",
  workflow = "validate",
  headBranch = "gripper-demo",
}: {
  headSha?: string;
  event?: string;
  conclusion?: string;
  workflow?: "validate" | "review";
  headBranch?: string;
} = {}) => ({
  action: "completed",
  workflow_run: {
    id: workflow === "validate" ? 42 : 44,
    path: `.github/workflows/${workflow}.yml`,
    event,
    head_sha: headSha,
    head_branch: headBranch,
    html_url: `https://github.com/org/sprint/actions/runs/${workflow === "validate" ? 42 : 44}`,
    conclusion,
  },
});

/** Runs the Report step against the stand-in at `apiUrl`, with `artifact` as report.json (null: none). */
export async function runReport(
  apiUrl: string,
  artifact: unknown = validReport,
  event: unknown = workflowRun(),
  env: Record<string, string> = { VALIDATE_RUN_URL: "https://github.com/org/sprint/actions/runs/42" },
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
    REGISTRY_RETRY_BASE_MS: "5",
    ...env,
  });
}
