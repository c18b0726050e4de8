import type { InProcessRun } from "./action-in-process.ts";
import { REPOSITORY, type GithubModel, type WorkflowRun } from "./github-model/github-model.ts";

/** Queue green pull requests' schedule, as enqueue.yml sets it; the payload GitHub gives a scheduled run. */
export const ENQUEUE_CRON = "3-59/10 * * * *";
export const SCHEDULE_EVENT = { schedule: ENQUEUE_CRON };

/**
 * A run of enqueue.yml as GitHub makes one: the run is created (listed by "List workflow runs",
 * where carry-on.ts looks for the organiser's) when the event comes, then the step runs, then the
 * run completes with the step's outcome.
 */
export async function enqueueRunOn(
  model: GithubModel,
  event: "workflow_dispatch" | "schedule",
  step: () => Promise<InProcessRun>,
): Promise<InProcessRun> {
  const run = model.startRun({
    path: ".github/workflows/enqueue.yml",
    event,
    head_sha: model.branch(REPOSITORY, "main")!,
    head_branch: "main",
    head_repository: REPOSITORY,
    status: "in_progress",
  });
  const done = await step();
  run.annotations = annotations(done.log);
  model.completeRun(run, done.failed ? "failure" : "success");
  return done;
}

/** The annotations GitHub makes of a step's workflow commands (`::warning::message`, `%0A` for a new line). */
function annotations(log: string): NonNullable<WorkflowRun["annotations"]> {
  const levels = { notice: "notice", warning: "warning", error: "failure" } as const;
  return [...log.matchAll(/^::(notice|warning|error)(?: [^:]*)?::(.*)$/gm)].map(([, kind, text]) => ({
    level: levels[kind as keyof typeof levels],
    message: text!.replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%"),
  }));
}
