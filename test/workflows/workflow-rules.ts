import { parse } from "yaml";

/**
 * Security rules for our workflows (DESIGN.md item 6), one `{name, description, check}` per rule.
 * actionlint and action-validator check syntax and known pitfalls; these check our own policy.
 */
export interface Workflow {
  file: string;
  text: string;
  data: {
    on?: unknown;
    permissions?: unknown;
    jobs?: Record<string, { permissions?: unknown; uses?: string; steps?: Step[] }>;
  };
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}

export interface WorkflowRule {
  name: string;
  description: string;
  check(workflow: Workflow): string[];
}

export function readWorkflow(file: string, text: string): Workflow {
  return { file, text, data: parse(text) as Workflow["data"] };
}

const jobs = (w: Workflow) => Object.entries(w.data.jobs ?? {});
const steps = (w: Workflow) => jobs(w).flatMap(([job, j]) => (j.steps ?? []).map((step) => ({ job, step })));
const triggers = (w: Workflow): string[] =>
  typeof w.data.on === "string"
    ? [w.data.on]
    : Array.isArray(w.data.on)
      ? w.data.on
      : Object.keys(w.data.on ?? {});
const isCheckout = (step: Step) => step.uses?.startsWith("actions/checkout@") === true;
const grantsWrite = (permissions: unknown) =>
  permissions === "write-all" ||
  (typeof permissions === "object" && permissions !== null && Object.values(permissions).includes("write"));

export const WORKFLOW_RULES: WorkflowRule[] = [
  {
    name: "pinned-actions",
    description: "Every third-party action is pinned to a full commit SHA, with its version in a comment.",
    check: (w) => {
      const uses = [...steps(w).map(({ step }) => step.uses), ...jobs(w).map(([, j]) => j.uses)];
      return uses
        .filter((u): u is string => u !== undefined && !u.startsWith("./") && !u.startsWith("docker://"))
        .flatMap((u) => {
          if (!/^[\w.-]+\/[\w.-]+(\/[^@]+)?@[0-9a-f]{40}$/.test(u))
            return [`${u} is not pinned to a commit SHA`];
          const line = w.text.split("\n").find((l) => l.includes(`uses: ${u}`)) ?? "";
          return /#\s*v\d/.test(line) ? [] : [`${u} has no "# vX.Y.Z" comment naming its version`];
        });
    },
  },
  {
    name: "job-permissions",
    description: "The workflow and every job declare their token permissions.",
    check: (w) => [
      ...(w.data.permissions === undefined ? ["the workflow has no top-level permissions"] : []),
      ...jobs(w)
        .filter(([, j]) => j.permissions === undefined)
        .map(([job]) => `job ${job} declares no permissions`),
    ],
  },
  {
    name: "no-expressions-in-run",
    description: "No `${{ }}` expression is interpolated into a shell line; values go through env.",
    check: (w) =>
      steps(w)
        .filter(({ step }) => typeof step.run === "string" && step.run.includes("${{"))
        .map(({ job }) => `job ${job} interpolates an expression into run:`),
  },
  {
    name: "pull-requests-read-only",
    description: "A workflow a pull request's event starts never gets a token that writes.",
    check: (w) =>
      triggers(w)
        .filter((t) => t === "pull_request" || t === "pull_request_review")
        .filter(() => [w.data.permissions, ...jobs(w).map(([, j]) => j.permissions)].some(grantsWrite))
        .map((t) => `a ${t} workflow grants write permissions`),
  },
  {
    name: "writers-install-without-scripts",
    description: "A job holding a writing token installs packages without running their scripts.",
    check: (w) =>
      jobs(w)
        .filter(([, j]) => grantsWrite(j.permissions ?? w.data.permissions))
        .filter(([, j]) =>
          (j.steps ?? []).some(
            (s) => /\bnpm (ci|install)\b/.test(s.run ?? "") && !/--ignore-scripts\b/.test(s.run ?? ""),
          ),
        )
        .map(([job]) => `job ${job} runs npm ci with package scripts while holding a writing token`),
  },
  {
    name: "install-only-what-runs",
    description:
      "A job that runs the compiled commands installs without devDependencies (Test runs the tests).",
    check: (w) =>
      w.file === "test.yml"
        ? []
        : jobs(w)
            .filter(([, j]) =>
              (j.steps ?? []).some(
                (s) => /\bnpm ci\b/.test(s.run ?? "") && !/--omit=dev\b/.test(s.run ?? ""),
              ),
            )
            .map(([job]) => `job ${job} installs devDependencies it never runs`),
  },
  {
    name: "writers-never-check-out-pr-code",
    description: "A privileged workflow (workflow_run, pull_request_target) checks out only its own branch.",
    check: (w) =>
      triggers(w).some((t) => t === "workflow_run" || t === "pull_request_target")
        ? steps(w)
            .filter(
              ({ step }) =>
                isCheckout(step) && (step.with?.ref !== undefined || step.with?.repository !== undefined),
            )
            .map(({ job }) => `job ${job} checks out another ref in a privileged workflow`)
        : [],
  },
  {
    name: "checkout-without-credentials",
    description: "Checkouts do not leave the token in .git/config for later steps.",
    check: (w) =>
      steps(w)
        .filter(({ step }) => isCheckout(step) && step.with?.["persist-credentials"] !== false)
        .map(({ job }) => `job ${job} checks out with persisted credentials`),
  },
];
