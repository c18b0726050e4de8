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
}

/** REST requests an issue the intake takes in costs: the dispatch, then the intake's at most seven. */
export const REQUESTS_PER_INTAKE = 8;

export async function sweep(deps: SweepDeps, options: SweepOptions): Promise<Waiting[]> {
  const { waiting, rate } = await findWaiting(deps.graphql, options, options);
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
