import { primaryRefusal, requestId, secondaryRefusal } from "./rate-limit-answers.ts";
import { SecondaryLimits } from "./secondary-limits.ts";
import type { Answer } from "./routes.ts";

/**
 * GitHub's rate limits, per token, on the model's clock (docs: "Rate limits for the REST API",
 * "Rate limits and query limits for the GraphQL API", and the secondary limits both share):
 * - primary: REST requests and GraphQL points an hour, apart. GITHUB_TOKEN has 1,000 of each per
 *   repository; a GitHub App's installation 5,000 and up (+50 a repository past 20 and a user past
 *   20, at most 12,500). A window starts with the first request after the last one ended and lasts
 *   an hour; `x-ratelimit-reset` is its end. `GET /rate_limit` does not count against it;
 * - secondary: at most 100 concurrent requests (REST and GraphQL together); 900 REST points a
 *   minute (GET, HEAD, OPTIONS 1, other methods 5) and 2,000 GraphQL points a minute (a query 1, a
 *   mutation 5: not the primary cost); 80 content-generating requests a minute and 500 an hour.
 *   GitHub does not list which requests generate content; every REST POST, PATCH, PUT and DELETE
 *   the workflows make does (comments, statuses, pull requests, issues, refs, trees, commits,
 *   workflow dispatches), and so does a GraphQL mutation.
 * A refused request uses up nothing.
 */
export interface Limits {
  rest: number;
  graphql: number;
  writesPerMinute: number;
  writesPerHour: number;
  restPointsPerMinute: number;
  graphqlPointsPerMinute: number;
  concurrent: number;
}

export const GITHUB_TOKEN_LIMITS: Limits = {
  rest: 1000,
  graphql: 1000,
  writesPerMinute: 80,
  writesPerHour: 500,
  restPointsPerMinute: 900,
  graphqlPointsPerMinute: 2000,
  concurrent: 100,
};
/** An App installation's least (docs: 5,000 an hour, more with over 20 repositories or users). */
export const APP_LIMITS: Limits = { ...GITHUB_TOKEN_LIMITS, rest: 5000, graphql: 5000 };

export type Resource = "core" | "graphql";
const HOUR = 3_600_000;

/** What one token spent in all (REST requests, GraphQL points, writes) and how often it was refused. */
export interface Spent {
  rest: number;
  graphql: number;
  writes: number;
  refused: number;
}
export interface Refusal {
  token: string;
  at: number;
  resource: Resource;
  limit: "primary" | "writes" | "points" | "concurrent";
}

export class RateLimits {
  private readonly limits = new Map<string, Limits>();
  private readonly installations = new Map<string, number>();
  private readonly windows = new Map<string, { start: number; used: number }>();
  private readonly secondary = new SecondaryLimits();
  private readonly inFlight = new Map<string, number>();
  readonly spent = new Map<string, Spent>();
  readonly refusals: Refusal[] = [];
  private requests = 0;

  constructor(
    private readonly now: () => number,
    defaults: Record<string, { limits: Limits; installation: number }>,
  ) {
    for (const [token, d] of Object.entries(defaults)) {
      this.limits.set(token, d.limits);
      this.installations.set(token, d.installation);
    }
  }

  /** Sets some of a token's limits (a test divides GitHub's by a factor). */
  set(token: string, limits: Partial<Limits>): void {
    this.limits.set(token, { ...this.of(token), ...limits });
  }
  of(token: string): Limits {
    return this.limits.get(token) ?? GITHUB_TOKEN_LIMITS;
  }

  /** A request arrives: refused past the concurrent requests GitHub allows, else counted until `end`. */
  begin(token: string): Answer | undefined {
    const n = (this.inFlight.get(token) ?? 0) + 1;
    if (n > this.of(token).concurrent) return this.refuse(token, "core", "concurrent", false, {});
    this.inFlight.set(token, n);
    return undefined;
  }
  end(token: string): void {
    this.inFlight.set(token, Math.max(0, (this.inFlight.get(token) ?? 0) - 1));
  }

  /**
   * Spends one request's `points` of `resource` (1 a REST request, 0 for `GET /rate_limit`, a
   * query's cost in GraphQL), or answers GitHub's refusal; the rate-limit headers either way. A
   * `write` generates content; `secondary` is its points for the per-minute limit (1 a read, 5 a
   * write or a mutation). Tests call it to spend part of a budget beforehand.
   */
  take(
    token: string,
    resource: Resource,
    points: number,
    write: boolean,
    secondary = write ? 5 : 1,
  ): { refused?: Answer; headers: Record<string, string> } {
    const c = { resource, points, write, secondary };
    const limits = this.of(token);
    const now = this.now();
    // GET /rate_limit, which costs nothing, starts no window.
    const window = this.window(token, c.resource, points > 0);
    const limit = c.resource === "core" ? limits.rest : limits.graphql;
    // A GraphQL query, even one costing nothing, is refused once the window has nothing left.
    const asked = c.resource === "graphql" ? Math.max(1, c.points) : c.points;
    if (asked > 0 && window.used + asked > limit) {
      const left = limit - window.used;
      const headers = {
        ...this.headers(token, c.resource),
        "x-ratelimit-remaining": String(Math.max(0, left)),
      };
      this.count(token, c.resource, "primary");
      return {
        refused: primaryRefusal(c.resource, this.installations.get(token) ?? 1, left, headers),
        headers,
      };
    }
    const wait = this.secondary.wait(token, c, limits, now);
    if (wait) {
      const headers = { ...this.headers(token, c.resource), "retry-after": String(wait.seconds) };
      const refused = this.refuse(token, c.resource, wait.limit, wait.limit === "writes", headers);
      return { refused, headers };
    }
    window.used += c.points;
    this.secondary.record(token, { at: now, ...c });
    const spent = this.spentBy(token);
    if (c.resource === "core" && c.points > 0) spent.rest++;
    if (c.resource === "graphql") spent.graphql += c.points;
    if (c.write) spent.writes++;
    return { headers: this.headers(token, c.resource) };
  }

  /** `GET /rate_limit`'s answer. A resource with no window yet shows a full one ending in an hour. */
  status(token: string) {
    const part = (resource: Resource) => {
      const w = this.window(token, resource, false);
      const limit = resource === "core" ? this.of(token).rest : this.of(token).graphql;
      return {
        limit,
        used: w.used,
        remaining: Math.max(0, limit - w.used),
        reset: Math.floor((w.start + HOUR) / 1000),
        resource,
      };
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

  spentBy(token: string): Spent {
    let s = this.spent.get(token);
    if (!s) this.spent.set(token, (s = { rest: 0, graphql: 0, writes: 0, refused: 0 }));
    return s;
  }

  private window(token: string, resource: Resource, start: boolean) {
    const key = `${token} ${resource}`;
    const w = this.windows.get(key);
    if (w && this.now() < w.start + HOUR) return w;
    const fresh = { start: this.now(), used: 0 };
    if (start) this.windows.set(key, fresh);
    return fresh;
  }

  private count(token: string, resource: Resource, limit: Refusal["limit"]): void {
    this.spentBy(token).refused++;
    this.refusals.push({ token, at: this.now(), resource, limit });
  }

  private refuse(
    token: string,
    resource: Resource,
    limit: Refusal["limit"],
    contentCreation: boolean,
    headers: Record<string, string>,
  ): Answer {
    this.count(token, resource, limit);
    return secondaryRefusal(contentCreation, requestId(++this.requests), headers);
  }
}
