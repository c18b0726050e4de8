/**
 * GitHub's answers past a rate limit (docs: "Rate limits for the REST API", "Rate limits and query
 * limits for the GraphQL API"): 403 or 429 with `x-ratelimit-remaining: 0` and the window's end in
 * `x-ratelimit-reset` (epoch seconds), or a secondary limit's `retry-after` (seconds), or a GraphQL
 * `RATE_LIMIT` error. GitHub asks clients to wait, not to retry.
 */
export interface RateLimited {
  /** When GitHub will take requests again. */
  until: Date;
  secondary: boolean;
}

/** Waits this long or less are taken inside a run (Octokit's throttling); longer ones end it. */
export const SHORT_WAIT_SECONDS = 60;

interface ErrorLike {
  status?: number;
  message?: string;
  /** REST (RequestError): the answer; GraphQL (GraphqlResponseError): the body, with `headers` beside it. */
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown; errors?: unknown };
  headers?: Record<string, string | number | undefined>;
  errors?: unknown;
}

/**
 * GitHub's GraphQL answer past the primary limit: HTTP 200 with an error of type `RATE_LIMIT`
 * (code `graphql_rate_limit`); older answers said `RATE_LIMITED`, which Octokit's throttling
 * still looks for and throws with the response.
 */
function graphqlLimited(e: ErrorLike): boolean {
  const lists = [
    e.errors,
    e.response?.errors,
    (e.response?.data as { errors?: unknown } | undefined)?.errors,
  ];
  return lists.some(
    (list) =>
      Array.isArray(list) &&
      list.some(
        (x: { type?: unknown; code?: unknown }) =>
          ["RATE_LIMIT", "RATE_LIMITED"].includes(String(x?.type)) || x?.code === "graphql_rate_limit",
      ),
  );
}

/** Whether `error` is GitHub refusing for a rate limit, and until when; `now` reads the clock. */
export function rateLimitOf(error: unknown, now = Date.now()): RateLimited | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as ErrorLike;
  const headers = e.response?.headers ?? e.headers ?? {};
  const graphql = graphqlLimited(e);
  if (e.status !== 403 && e.status !== 429 && !graphql) return undefined;
  const reset = Number(headers["x-ratelimit-reset"]);
  if (String(headers["x-ratelimit-remaining"]) === "0" || graphql)
    return {
      until: new Date(Number.isFinite(reset) && reset > 0 ? reset * 1000 : now + 3600_000),
      secondary: false,
    };
  const after = Number(headers["retry-after"]);
  if (Number.isFinite(after) || /secondary rate limit/i.test(e.message ?? ""))
    return { until: new Date(now + (Number.isFinite(after) ? after : 60) * 1000), secondary: true };
  return undefined;
}

/** `14:10 UTC`: when a run past a limit will be judged again (by the sweep after the limit ends). */
export function judgedAgainBy(limit: RateLimited, sweepMinutes = 10): string {
  const at = new Date(limit.until.getTime() + sweepMinutes * 60_000);
  return `${at.toISOString().slice(11, 16)} UTC`;
}
