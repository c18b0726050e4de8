import type { Answer } from "./routes.ts";

/**
 * What GitHub sends past a rate limit, worded as GitHub words it (the docs give the statuses and
 * headers, not the texts; the texts are GitHub's as quoted in public issues):
 * - REST past the primary limit: 403, `x-ratelimit-remaining: 0`, "API rate limit exceeded for
 *   installation ID 12770951." (GITHUB_TOKEN is an installation token of the Actions app:
 *   github/codeql#5106, bobheadxi/deployments#67);
 * - GraphQL past the primary limit: HTTP 200 (docs: "the response status will still be 200") with
 *   `{"errors":[{"type":"RATE_LIMIT","code":"graphql_rate_limit","message":"API rate limit already
 *   exceeded for user ID …."}]}` (yanyongyu/githubkit#271, 2026; chdsbd/kodiak#906, 2025). Older
 *   answers had the type `RATE_LIMITED`, which @octokit/plugin-throttling still looks for;
 * - a secondary limit: 403 and "You have exceeded a secondary rate limit. Please wait a few minutes
 *   before you try again. If you reach out to GitHub Support for help, please include the request
 *   ID …" (github-changelog-generator#993), or for content creation "You have exceeded a secondary
 *   rate limit and have been temporarily blocked from content creation. Please retry your request
 *   again later." (hisxo/gitGraber#43), with `retry-after` when a window will free a slot.
 */
export const GRAPHQL_RATE_LIMIT_TYPE = "RATE_LIMIT";

const PRIMARY_DOCS = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api";
const SECONDARY_DOCS = `${PRIMARY_DOCS}#about-secondary-rate-limits`;

export function primaryRefusal(
  resource: "core" | "graphql",
  installation: number,
  remaining: number,
  headers: Record<string, string>,
): Answer {
  if (resource === "core")
    return {
      status: 403,
      data: {
        message: `API rate limit exceeded for installation ID ${installation}.`,
        documentation_url: PRIMARY_DOCS,
      },
      headers,
    };
  // `already` when the window had nothing left; a query costing more than what is left is refused too.
  const message = `API rate limit ${remaining === 0 ? "already " : ""}exceeded for installation ID ${installation}.`;
  return {
    status: 200,
    data: { errors: [{ type: GRAPHQL_RATE_LIMIT_TYPE, code: "graphql_rate_limit", message }] },
    headers,
  };
}

export function secondaryRefusal(
  contentCreation: boolean,
  requestId: string,
  headers: Record<string, string>,
): Answer {
  const message = contentCreation
    ? "You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry your request again later."
    : `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`;
  return {
    status: 403,
    data: { message, documentation_url: SECONDARY_DOCS },
    headers: { ...headers, "x-github-request-id": requestId },
  };
}

/** GitHub's request ids look like `FA2D:87B1:8879E3:1176C87:6570B7E6`. */
export function requestId(n: number): string {
  const hex = (v: number, w: number) => v.toString(16).toUpperCase().padStart(w, "0");
  return `${hex(n % 0xffff, 4)}:${hex((n * 7) % 0xffff, 4)}:${hex(n * 13, 6)}:${hex(n * 17, 7)}:${hex(n * 19, 8)}`;
}
