import { describe, expect, it } from "vitest";
import { judgedAgainBy, rateLimitOf } from "../../generator/github/rate-limit.ts";

/** A refusal as Octokit throws it: GitHub's status, headers and body. */
const refusal = (status: number, headers: Record<string, string>, message = "", data: unknown = {}) =>
  Object.assign(new Error(message), { status, response: { headers, data } });
const NOW = Date.parse("2026-12-06T13:00:00Z");

describe("GitHub's rate-limit answers", () => {
  it("reads a primary limit's end from x-ratelimit-reset, on 403 and on 429", () => {
    for (const status of [403, 429]) {
      const limited = rateLimitOf(
        refusal(status, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(NOW / 1000 + 1800) }),
        NOW,
      );
      expect(limited).toEqual({ until: new Date(NOW + 1800_000), secondary: false });
    }
  });

  it("reads a secondary limit's wait from retry-after, or a minute when GitHub names none", () => {
    expect(rateLimitOf(refusal(403, { "retry-after": "90", "x-ratelimit-remaining": "412" }), NOW)).toEqual({
      until: new Date(NOW + 90_000),
      secondary: true,
    });
    const message =
      "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
    expect(rateLimitOf(refusal(403, {}, message), NOW)).toEqual({
      until: new Date(NOW + 60_000),
      secondary: true,
    });
  });

  it("knows GraphQL's RATE_LIMIT error as @octokit/graphql throws it (HTTP 200), and the older RATE_LIMITED as the throttling plugin does", () => {
    const now = Object.assign(new Error("API rate limit already exceeded for installation ID 1."), {
      name: "GraphqlResponseError",
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(NOW / 1000 + 120) },
      response: { errors: [{ type: "RATE_LIMIT", code: "graphql_rate_limit", message: "…" }] },
      errors: [{ type: "RATE_LIMIT", code: "graphql_rate_limit", message: "…" }],
    });
    expect(rateLimitOf(now, NOW)).toEqual({ until: new Date(NOW + 120_000), secondary: false });
    const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
      response: {
        headers: { "x-ratelimit-reset": String(NOW / 1000 + 60) },
        data: { errors: [{ type: "RATE_LIMITED" }] },
      },
    });
    expect(rateLimitOf(error, NOW)).toEqual({ until: new Date(NOW + 60_000), secondary: false });
  });

  it("is not fooled by a 403 that is no limit (a missing permission), a 404 or a plain error", () => {
    expect(
      rateLimitOf(
        refusal(403, { "x-ratelimit-remaining": "998" }, "Resource not accessible by integration"),
        NOW,
      ),
    ).toBeUndefined();
    expect(rateLimitOf(refusal(404, { "x-ratelimit-remaining": "0" }), NOW)).toBeUndefined();
    expect(rateLimitOf(new Error("socket hang up"), NOW)).toBeUndefined();
    expect(rateLimitOf("403", NOW)).toBeUndefined();
  });

  it("says when the sweep after the limit judges the commit", () => {
    expect(judgedAgainBy({ until: new Date("2026-12-06T13:58:30Z"), secondary: false })).toBe("14:08 UTC");
  });
});
