import type { Answer } from "./routes.ts";

/**
 * GitHub's rate limits, per token, on the model's clock (docs: "Rate limits for the REST API",
 * "Rate limits and query limits for the GraphQL API", "About secondary rate limits"):
 * - primary: REST requests and GraphQL points an hour, apart; a window starts with the first
 *   request after the last one ended and lasts an hour (`x-ratelimit-reset`). GITHUB_TOKEN has
 *   1,000 of each per repository, an App's installation 5,000 and up;
 * - secondary: at most 80 content-creating requests a minute and 500 an hour, 900 REST points a
 *   minute (a GET 1, a write 5) and 2,000 GraphQL points a minute. Every REST write of the
 *   workflows creates content (comments, statuses, pull requests, refs, commits, dispatches).
 * Past a limit GitHub answers 403 with its message: the primary's with `x-ratelimit-remaining: 0`,
 * a secondary's with `retry-after`; a refused request uses up nothing.
 */
export interface Limits {
  rest: number;
  graphql: number;
  writesPerMinute: number;
  writesPerHour: number;
  restPointsPerMinute: number;
  graphqlPointsPerMinute: number;
}

export const GITHUB_TOKEN_LIMITS: Limits = {
  rest: 1000,
  graphql: 1000,
  writesPerMinute: 80,
  writesPerHour: 500,
  restPointsPerMinute: 900,
  graphqlPointsPerMinute: 2000,
};
export const APP_LIMITS: Limits = { ...GITHUB_TOKEN_LIMITS, rest: 5000, graphql: 5000 };

type Resource = "core" | "graphql";
const HOUR = 3_600_000;
const MINUTE = 60_000;

interface Window {
  start: number;
  used: number;
}

/** What one token spent: the counts tests read. */
export interface Spent {
  rest: number;
  graphql: number;
  writes: number;
  refused: number;
}

export class RateLimits {
  private readonly limits = new Map<string, Limits>();
  private readonly windows = new Map<string, Window>();
  private readonly recent = new Map<
    string,
    Array<{ at: number; write: boolean; points: number; resource: Resource }>
  >();
  readonly spent = new Map<string, Spent>();

  constructor(
    private readonly now: () => number,
    defaults: Record<string, Limits>,
  ) {
    for (const [token, limits] of Object.entries(defaults)) this.limits.set(token, limits);
  }

  /** Sets a token's limits (a test divides GitHub's by a factor). */
  set(token: string, limits: Partial<Limits>): void {
    this.limits.set(token, { ...this.of(token), ...limits });
  }

  of(token: string): Limits {
    return this.limits.get(token) ?? GITHUB_TOKEN_LIMITS;
  }

  /** Spends `points` (1 a REST request) of `resource`, or the refusal GitHub sends; and the headers either way. */
  take(
    token: string,
    resource: Resource,
    points: number,
    write: boolean,
  ): { refused?: Answer; headers: Record<string, string> } {
    const limits = this.of(token);
    const window = this.window(token, resource);
    const limit = resource === "core" ? limits.rest : limits.graphql;
    const spent = this.spentBy(token);
    const recent = (this.recent.get(token) ?? []).filter((r) => r.at > this.now() - HOUR);
    this.recent.set(token, recent);
    const minute = recent.filter((r) => r.at > this.now() - MINUTE);
    if (window.used + points > limit) {
      spent.refused++;
      const headers = { ...this.headers(token, resource), "x-ratelimit-remaining": "0" };
      const message = "API rate limit exceeded for installation ID 1.";
      return resource === "core"
        ? { refused: { status: 403, data: { message, documentation_url: DOCS }, headers }, headers }
        : {
            refused: { status: 200, data: { errors: [{ type: "RATE_LIMITED", message }] }, headers },
            headers,
          };
    }
    const now = this.now();
    const writes = (list: typeof recent) => list.filter((r) => r.write).map((r) => ({ at: r.at, n: 1 }));
    const charged = points * (resource === "core" && write ? 5 : 1);
    const ofResource = minute.filter((r) => r.resource === resource).map((r) => ({ at: r.at, n: r.points }));
    const perMinute = resource === "core" ? limits.restPointsPerMinute : limits.graphqlPointsPerMinute;
    const retryAfter = Math.max(
      write ? retryIn(writes(minute), 1, limits.writesPerMinute, MINUTE, now) : 0,
      write ? retryIn(writes(recent), 1, limits.writesPerHour, HOUR, now) : 0,
      retryIn(ofResource, charged, perMinute, MINUTE, now),
    );
    if (retryAfter > 0) {
      spent.refused++;
      const headers = { ...this.headers(token, resource), "retry-after": String(retryAfter) };
      return {
        refused: { status: 403, data: { message: SECONDARY, documentation_url: DOCS }, headers },
        headers,
      };
    }
    window.used += points;
    recent.push({ at: now, write, points: charged, resource });
    if (resource === "core") spent.rest++;
    else spent.graphql += points;
    if (write) spent.writes++;
    return { headers: this.headers(token, resource) };
  }

  /** `GET /rate_limit`'s answer, which costs nothing. */
  status(token: string) {
    const part = (resource: Resource) => {
      const w = this.window(token, resource);
      const limit = resource === "core" ? this.of(token).rest : this.of(token).graphql;
      return { limit, used: w.used, remaining: limit - w.used, reset: Math.floor((w.start + HOUR) / 1000) };
    };
    return { resources: { core: part("core"), graphql: part("graphql") }, rate: part("core") };
  }

  headers(token: string, resource: Resource): Record<string, string> {
    const s = this.status(token).resources[resource];
    return {
      "x-ratelimit-limit": String(s.limit),
      "x-ratelimit-remaining": String(s.remaining),
      "x-ratelimit-used": String(s.used),
      "x-ratelimit-reset": String(s.reset),
      "x-ratelimit-resource": resource,
    };
  }

  private window(token: string, resource: Resource): Window {
    const key = `${token} ${resource}`;
    let w = this.windows.get(key);
    if (!w || this.now() >= w.start + HOUR) this.windows.set(key, (w = { start: this.now(), used: 0 }));
    return w;
  }

  spentBy(token: string): Spent {
    let s = this.spent.get(token);
    if (!s) this.spent.set(token, (s = { rest: 0, graphql: 0, writes: 0, refused: 0 }));
    return s;
  }
}

/** Seconds until enough of `events` (oldest first) leave a `span` window for `adding` more to fit under `max`. */
function retryIn(
  events: Array<{ at: number; n: number }>,
  adding: number,
  max: number,
  span: number,
  now: number,
): number {
  let total = events.reduce((sum, e) => sum + e.n, 0) + adding;
  if (total <= max) return 0;
  for (const e of events) {
    total -= e.n;
    if (total <= max) return Math.max(1, Math.ceil((e.at + span - now) / 1000));
  }
  return Math.ceil(span / 1000);
}

const DOCS = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api";
const SECONDARY =
  "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.";
