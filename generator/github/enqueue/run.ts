import * as core from "@actions/core";
import { resolve } from "node:path";
import { apiOptionsFromEnv, COMMENT_AUTHOR, githubClient } from "../github-api.ts";
import { rateLimitOf } from "../rate-limit.ts";
import { OWNERSHIP_CONTEXT } from "../report/report-on-commit.ts";
import { renderBoard, type BoardFacts, type Row } from "./board-summary.ts";
import { allowance, HOURLY_WRITES } from "./budget.ts";
import { carriedOn, carryOn } from "./carry-on.ts";
import { classify } from "./classify.ts";
import { lastRefusal, refusalNote } from "./last-refusal.ts";
import { enqueueOldestFirst } from "./enqueue-pulls.ts";
import { dispatchPublish, mergeOldestFirst } from "./merge-pulls.ts";
import { startUnrunGroups } from "./queue-groups.ts";
import { readBoard } from "./read-board.ts";

/**
 * The "Queue green pull requests" workflow (enqueue.yml; an organiser runs it by hand after the
 * deadline): every open pull request into the default branch whose head has Report's green verdict
 * joins GitHub's merge queue, oldest first, within the hour's budget; then Validate is dispatched on
 * the merge groups GitHub starts no run for (entries enqueued with GITHUB_TOKEN); the job summary is
 * the board (board-summary.ts; its headings explained in docs/final-hour.md). Where the
 * branch has no merge queue (a repository owned by a user), the green pull requests are merged
 * directly instead, oldest first, and Publish is started once (merge-pulls.ts). It runs the
 * default branch's code and reads pull requests only as data from the API. Every ten minutes the
 * schedule runs it again, for a day after an organiser's run once submissions closed (carry-on.ts),
 * so what the hour's writes left is queued without another click.
 *
 * Environment: GITHUB_TOKEN (the App's token when one is set up), GITHUB_REPOSITORY,
 * GITHUB_API_URL, DEFAULT_BRANCH, APP_SLUG (the App whose token it is: its bot's statuses are
 * Report's too, and its entries get GitHub's merge_group runs).
 */
export interface EnqueueOptions {
  /** GitHub's content-creating requests an hour (a test divides it as it divides the model's). */
  writesPerHour: number;
  /** The clock "run it again after" counts from. */
  now: () => number;
  /** At most this many merge groups get Validate dispatched. */
  groups: number;
}
export const ENQUEUE_DEFAULTS: EnqueueOptions = { writesPerHour: HOURLY_WRITES, now: Date.now, groups: 100 };

export async function run(
  env: NodeJS.ProcessEnv = process.env,
  options: Partial<EnqueueOptions> = {},
): Promise<void> {
  const { writesPerHour, now, groups } = { ...ENQUEUE_DEFAULTS, ...options };
  const base = env.DEFAULT_BRANCH || "main";
  const repository = env.GITHUB_REPOSITORY ?? "";
  const client = githubClient(apiOptionsFromEnv(env, core.info));
  const graphql = (query: string, variables: Record<string, unknown>) =>
    client.octokit.graphql(query, variables);
  const trusted = [COMMENT_AUTHOR, ...(env.APP_SLUG ? [`${env.APP_SLUG}[bot]`] : [])];
  try {
    // The schedule only carries on what an organiser started (carry-on.ts).
    const root = resolve(env.GITHUB_WORKSPACE ?? process.cwd());
    const scheduled = env.GITHUB_EVENT_NAME === "schedule";
    if (scheduled) {
      const carry = await carryOn(client, root, now(), base);
      if (!carry.go) {
        core.info(`Nothing queued: ${carry.why}.`);
        return void (await core.summary.addRaw(`Nothing queued on schedule: ${carry.why}.\n`).write());
      }
      const refused = await lastRefusal(client, base, now());
      if (refused) {
        core.warning(refusalNote(refused));
        const at = `${refused.toISOString().slice(11, 16)} UTC`;
        return void (await core.summary
          .addRaw(
            `Nothing queued on schedule: GitHub refused the last run's requests until ${at}; none is sent before then.\n`,
          )
          .write());
      }
      core.info(`Carrying on the run an organiser started at ${carry.since}.`);
    }
    const board = await readBoard(graphql, { repository, base, context: OWNERSHIP_CONTEXT });
    const rows: BoardFacts["rows"] = {
      green: [],
      inQueue: [],
      late: [],
      refused: [],
      removed: [],
      waiting: [],
      queued: [],
      left: [],
    };
    for (const placed of board.pulls.map((p) => classify(p, trusted, base)))
      rows[placed.category].push({ pull: placed.pull, why: placed.why });
    const facts: BoardFacts = {
      base,
      open: board.pulls.length,
      rows,
      started: 0,
      // A scheduled run got here by carrying a run on; a run by hand reads when submissions closed.
      carried: scheduled || carriedOn(root, now()),
    };
    const direct = !board.hasQueue;
    const { data: left } = await client.octokit.rest.rateLimit.get();
    const allowed = allowance(
      { rest: left.resources.core, graphql: board.rate },
      { mode: direct ? "merge" : env.APP_SLUG ? "queue" : "dispatch", writesPerHour, now: now() },
    );
    const green = rows.green.map((r) => r.pull);
    // The schedule adds the next batch once the queue has emptied: the writes the hour has left go
    // to the verdicts of the groups already in it first, so none waits for GitHub's timeout.
    const draining = scheduled && !direct && rows.inQueue.length > 0 && green.length > 0;
    const max = draining ? 0 : allowed.pulls;
    const done = direct
      ? await mergeOldestFirst(client, green, max, core.info, now)
      : await enqueueOldestFirst(graphql, green, max, core.info, now);
    const sha = (r: Row["pull"]) => r.headSha.slice(0, 7);
    rows.queued = done.queued.map(({ pull, position }) => ({
      pull,
      why: `green verdict on ${sha(pull)}${position === null ? "" : `; position ${position} in the queue`}`,
    }));
    rows.refused.push(...done.refused.map(({ pull, why }) => ({ pull, why: `GitHub refused it: ${why}` })));
    rows.left = done.left.map((pull) => ({ pull, why: `green verdict on ${sha(pull)}` }));
    if (done.limited) {
      facts.stopped = { until: done.limited.until, what: done.limited.secondary ? "writes" : "requests" };
      core.warning(refusalNote(done.limited.until));
    } else if (draining) facts.draining = rows.inQueue.length;
    else if (done.left.length) facts.stopped = { until: allowed.until, what: allowed.what };
    if (direct) {
      // A push made with GITHUB_TOKEN starts no workflow; an App's merges start Publish themselves.
      const publish = done.queued.length > 0 && !env.APP_SLUG && !done.limited;
      if (publish) await dispatchPublish(client, base);
      facts.direct = { published: publish };
      core.notice(`${base} has no merge queue: ${done.queued.length} merged directly.`);
    }
    // GitHub builds the groups as the entries join; those of GITHUB_TOKEN's entries get no run.
    else if (!done.limited)
      facts.started = (await startUnrunGroups(client, repository, base, groups, core.info)).length;
    core.setOutput("queued", String(rows.queued.length));
    await write(facts);
  } catch (error) {
    const limited = rateLimitOf(error, now());
    if (!limited) throw error;
    const at = `${limited.until.toISOString().slice(11, 16)} UTC`;
    core.notice(`GitHub's rate limit is spent until ${at}: run this workflow again then.`);
    core.warning(refusalNote(limited.until));
    await core.summary
      .addRaw(`GitHub's rate limit is spent until ${at}: run this workflow again then.\n`)
      .write();
  }
}

async function write(facts: BoardFacts): Promise<void> {
  for (const list of Object.values(facts.rows)) list.sort((a, b) => a.pull.number - b.pull.number);
  await core.summary.addRaw(renderBoard(facts)).write();
}
