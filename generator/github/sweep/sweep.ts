import type { Graphql } from "../pull-snapshot.ts";
import { findUnanswered } from "./find-unanswered.ts";
import { findUnjudgedGroups } from "./find-unjudged-groups.ts";
import { findWaiting, type Waiting } from "./find-waiting.ts";

/** REST requests a swept pull request costs: the dispatch, then its Report's four (see docs/architecture.md). */
export const REQUESTS_PER_SWEPT = 5;

export interface SweepDeps {
  graphql: Graphql;
  /** Starts the Report workflow for one waiting pull request. */
  dispatch: (waiting: Waiting) => Promise<void>;
  /** Starts the Intake workflow for one issue it never answered. */
  dispatchIntake: (issue: number) => Promise<void>;
  /**
   * Starts Validate on at most `max` merge groups that no workflow checks (GITHUB_TOKEN's entries:
   * ../enqueue/queue-groups.ts), front of the queue first; the ones started.
   */
  startGroups?: (max: number) => Promise<unknown[]>;
  /** Starts the Publish workflow on the default branch. */
  dispatchPublish?: () => Promise<void>;
  /** REST requests the token has left this hour (GET /rate_limit, which costs none). */
  restBudget: () => Promise<{ remaining: number; limit: number }>;
  log: (line: string) => void;
}

export interface SweepOptions {
  repository: string;
  base: string;
  context: string;
  /** At most this many dispatches. */
  max: number;
  /** Pages of open pull requests to look through, and how many a page. */
  pages: number;
  perPage: number;
  /** The share of the hour's budget left untouched, for the pushes still to come. */
  reserve: number;
  /** Pages of open issues to look through for forms the intake never answered (0: none), 50 a page. */
  issues: number;
  /** At most this many merge groups to start Validate on (0: none). */
  groups?: number;
}

/** REST requests a merge group costs: the dispatch of Validate, then its Report's at most six. */
export const REQUESTS_PER_GROUP = 7;

/** REST requests an issue the intake takes in costs: the dispatch, then the intake's at most seven. */
export const REQUESTS_PER_INTAKE = 8;

export async function sweep(deps: SweepDeps, options: SweepOptions): Promise<Waiting[]> {
  const { waiting, rate, queued, unpublished } = await findWaiting(deps.graphql, options, options);
  if (rate.remaining < rate.limit * options.reserve) {
    deps.log(`GraphQL budget low (${rate.remaining} of ${rate.limit} points left): no sweep now.`);
    return [];
  }
  // What the hour has left, past the reserve, in Reports (and intakes) it can pay for.
  const rest = await deps.restBudget();
  let spare = rest.remaining - rest.limit * options.reserve;
  const started: Waiting[] = [];
  for (const w of waiting.slice(0, options.max)) {
    if (spare < REQUESTS_PER_SWEPT) {
      deps.log(
        `REST budget low (${rest.remaining} of ${rest.limit} left): ${waiting.length - started.length} left for a later sweep.`,
      );
      break;
    }
    await deps.dispatch(w);
    spare -= REQUESTS_PER_SWEPT;
    started.push(w);
    deps.log(
      `#${w.number}: Report started for ${w.headSha.slice(0, 7)} (${w.shown === "none" ? "no status" : "pending"}).`,
    );
  }
  if (waiting.length === 0)
    deps.log("Every open pull request's head has a verdict or is still being validated.");
  if (unpublished !== undefined && deps.dispatchPublish && spare >= 1) {
    await deps.dispatchPublish();
    spare -= 1;
    deps.log(
      `${options.base} is at ${unpublished.slice(0, 7)}, a merge group the queue merged that no Publish run built: Publish started.`,
    );
  }
  // The queue's groups Validate checked but Report never judged (refused by the write limit, even
  // its pending status): GitHub would drop them at its timeout. Each costs Report's at most six and the dispatch.
  let judging = Math.min(options.groups ?? 0, Math.floor(spare / REQUESTS_PER_GROUP));
  if (queued > 0 && judging > 0)
    for (const g of await findUnjudgedGroups(deps.graphql, options)) {
      if (judging-- <= 0) break;
      await deps.dispatch(g);
      spare -= REQUESTS_PER_GROUP;
      deps.log(
        `#${g.number}: Report started for its merge group ${g.headSha.slice(0, 7)} (${g.shown === "none" ? "no status" : "pending"}).`,
      );
    }
  // The queue's groups that no workflow checks (read only when the queue holds entries).
  const groups = Math.min(options.groups ?? 0, Math.floor(spare / REQUESTS_PER_GROUP));
  if (queued > 0 && groups > 0 && deps.startGroups)
    spare -= (await deps.startGroups(groups)).length * REQUESTS_PER_GROUP;
  if (options.issues > 0)
    for (const issue of await findUnanswered(deps.graphql, options.repository, {
      pages: options.issues,
      perPage: 50,
    })) {
      if (spare < REQUESTS_PER_INTAKE) break;
      await deps.dispatchIntake(issue);
      spare -= REQUESTS_PER_INTAKE;
      deps.log(`#${issue}: Intake started (the form had no answer).`);
    }
  return started;
}
