/**
 * How many pull requests one enqueue run may add to the merge queue within the hour's budget of the
 * token that runs it and Report (docs/final-hour.md). Queuing one costs, within the hour:
 * - the `enqueuePullRequest` mutation: a GraphQL point, and a content-creating request (GitHub
 *   allows 500 an hour and 80 a minute, whatever the token; a mutation is 5 of the 2,000 GraphQL
 *   points a minute too, which this pace never nears);
 * - Report on its merge group (queue/report-group.ts): at most 6 REST requests and 3 GraphQL
 *   points, and the status, a write;
 * - with GITHUB_TOKEN, whose groups start no workflow, the dispatch of Validate: a REST write;
 * - without a queue, the merge instead of all of the above: a REST write.
 * A tenth of each budget stays for what else the hour brings (the Sweep keeps as much). GitHub does
 * not say how many writes are left, so the run plans on the hour's 500 and stops at GitHub's own
 * refusal if earlier writes spent them (run.ts).
 */
export const HOURLY_WRITES = 500;
export const RESERVE = 0.1;
const HOUR = 3_600_000;

export interface Left {
  rest: { remaining: number; limit: number; reset: number };
  graphql: { remaining: number; limit: number; resetAt: string };
}

export interface Allowance {
  /** Pull requests this run may queue. */
  pulls: number;
  /** When the budget that binds comes back: its window's reset, or an hour after these writes. */
  until: Date;
  what: "writes" | "REST requests" | "GraphQL points";
}

/**
 * What one pull request costs: queued (`dispatch` when GitHub starts no run for its group), or,
 * without a queue, merged directly: the merge alone, a REST write (Publish's one dispatch aside).
 */
export type Mode = "queue" | "dispatch" | "merge";
export function perPull(mode: Mode) {
  if (mode === "merge") return { writes: 1, rest: 1, graphql: 0 };
  return mode === "dispatch" ? { writes: 3, rest: 7, graphql: 4 } : { writes: 2, rest: 6, graphql: 4 };
}

export function allowance(
  left: Left,
  { mode, writesPerHour = HOURLY_WRITES, now }: { mode: Mode; writesPerHour?: number; now: number },
): Allowance {
  const cost = perPull(mode);
  const within = (remaining: number, limit: number, each: number) =>
    each === 0 ? Infinity : Math.max(0, Math.floor((remaining - limit * RESERVE) / each));
  const options: Allowance[] = [
    {
      pulls: within(writesPerHour, writesPerHour, cost.writes),
      until: new Date(now + HOUR),
      what: "writes",
    },
    {
      pulls: within(left.rest.remaining, left.rest.limit, cost.rest),
      until: new Date(left.rest.reset * 1000),
      what: "REST requests",
    },
    {
      pulls: within(left.graphql.remaining, left.graphql.limit, cost.graphql),
      until: new Date(left.graphql.resetAt),
      what: "GraphQL points",
    },
  ];
  return options.reduce((a, b) => (b.pulls < a.pulls ? b : a));
}
