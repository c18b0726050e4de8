import type { Graphql } from "../pull-snapshot.ts";
import { findUnanswered } from "./find-unanswered.ts";
import { findWaiting, type Waiting } from "./find-waiting.ts";

/** REST requests a swept pull request costs: the dispatch, then its Report's four (see docs/architecture.md). */
export const REQUESTS_PER_SWEPT = 5;

export interface SweepDeps {
  graphql: Graphql;
  /** Starts the Report workflow for one waiting pull request. */
  dispatch: (waiting: Waiting) => Promise<void>;
  /** Starts the Intake workflow for one issue it never answered. */
  dispatchIntake: (issue: number) => Promise<void>;
  /** REST requests the token has left this hour, as GitHub's last answer said; undefined before any. */
  restLeft: () => { remaining: number; limit: number } | undefined;
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
  /** Open issues to look through for forms the intake never answered (0: none). */
  issues: number;
}

/** REST requests an issue the intake takes in costs: the dispatch, then the intake's at most seven. */
export const REQUESTS_PER_INTAKE = 8;

/** Starts the intake for the oldest form issues it never answered, within the budget. */
async function sweepIntake(deps: SweepDeps, options: SweepOptions): Promise<void> {
  for (const issue of await findUnanswered(deps.graphql, options.repository, options.issues)) {
    const rest = deps.restLeft();
    if (rest && rest.remaining - REQUESTS_PER_INTAKE < rest.limit * options.reserve) return;
    await deps.dispatchIntake(issue);
    deps.log(`#${issue}: Intake started (the form had no answer).`);
  }
}

/**
 * Finds the pull requests whose current head has no verdict (see find-waiting.ts), oldest first,
 * and starts Report for each, as far as the budget allows: every dispatch costs the REST requests
 * of the Report it starts, and a share of the hour stays for new pushes.
 */
export async function sweep(deps: SweepDeps, options: SweepOptions): Promise<Waiting[]> {
  const { waiting, rate } = await findWaiting(deps.graphql, options, options);
  if (rate.remaining < rate.limit * options.reserve) {
    deps.log(`GraphQL budget low (${rate.remaining} of ${rate.limit} points left): no sweep now.`);
    return [];
  }
  const started: Waiting[] = [];
  for (const w of waiting.slice(0, options.max)) {
    const rest = deps.restLeft();
    if (rest && rest.remaining - REQUESTS_PER_SWEPT < rest.limit * options.reserve) {
      deps.log(
        `REST budget low (${rest.remaining} of ${rest.limit} left): ${waiting.length - started.length} left for a later sweep.`,
      );
      break;
    }
    await deps.dispatch(w);
    started.push(w);
    deps.log(
      `#${w.number}: Report started for ${w.headSha.slice(0, 7)} (${w.shown === "none" ? "no status" : "pending"}).`,
    );
  }
  if (waiting.length === 0)
    deps.log("Every open pull request's head has a verdict or is still being validated.");
  if (options.issues > 0) await sweepIntake(deps, options);
  return started;
}
