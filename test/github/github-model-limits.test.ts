import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WAITING_QUERY } from "../../generator/github/pull-query.ts";
import {
  APP_TOKEN,
  GithubModel,
  startGithubModel,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { GRAPHQL_RATE_LIMIT_TYPE } from "../helpers/github-model/rate-limit-answers.ts";

/**
 * GitHub's rate limits in the model, per token and on its clock: the primary hour's budget for REST
 * requests and GraphQL points apart, the secondary limits per minute and hour, and the answers and
 * headers GitHub gives. Plain Octokit (no throttling or retry plugin), so nothing waits.
 */
let model: GithubModel;
let github: RunningModel;
let octokit: Octokit;
const TOKEN = "ghs_test-token";
const repo = { owner: "org", repo: "sprint" };
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const START = Date.parse("2026-12-01T09:00:00Z");
const HOUR = 3_600_000;

interface Refused {
  status: number;
  response: { headers: Record<string, string>; data: { message: string; documentation_url: string } };
}
const refusal = (error: unknown) => error as Refused;
const read = () => octokit.rest.repos.get(repo);
const write = (i: number) =>
  octokit.rest.repos.createCommitStatus({ ...repo, sha: model.mainSha, state: "success", context: `c${i}` });
const query = (
  q = '{ rateLimit { cost } repository(owner: "org", name: "sprint") { name } }',
  variables = {},
) => octokit.request("POST /graphql", { query: q, variables });

beforeEach(async () => {
  model = new GithubModel({ "records/teams/a.yaml": "name: A\n" });
  github = await startGithubModel(model);
  octokit = new Octokit({ auth: TOKEN, baseUrl: github.url, log: quiet });
});
afterEach(() => github.close());

describe("GitHub's primary rate limits in the model", () => {
  it("sends the rate-limit headers on every answer: REST's core budget and GraphQL's points apart", async () => {
    const rest = await read();
    expect(rest.headers).toMatchObject({
      "x-ratelimit-limit": "1000",
      "x-ratelimit-remaining": "999",
      "x-ratelimit-used": "1",
      "x-ratelimit-reset": String((START + HOUR) / 1000),
      "x-ratelimit-resource": "core",
    });
    const graphql = await query();
    expect(graphql.headers).toMatchObject({
      "x-ratelimit-limit": "1000",
      "x-ratelimit-remaining": "999",
      "x-ratelimit-used": "1",
      "x-ratelimit-resource": "graphql",
    });
    // GET /rate_limit costs nothing (docs: "does not count against your primary rate limit").
    const { data } = await octokit.rest.rateLimit.get();
    expect([data.resources.core.used, data.resources.graphql!.used]).toEqual([1, 1]);
    expect(model.limits.spentBy(TOKEN)).toEqual({ rest: 1, graphql: 1, writes: 0, refused: 0 });
  });

  it("refuses REST past the hour's budget with 403, remaining 0 and the reset; a refusal spends nothing", async () => {
    model.limits.set(TOKEN, { rest: 3 });
    for (let i = 0; i < 3; i++) await read();
    for (let i = 0; i < 2; i++) {
      const error = refusal(await read().catch((e: unknown) => e));
      expect(error.status).toBe(403);
      expect(error.response.data).toEqual({
        message: "API rate limit exceeded for installation ID 1.",
        documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
      });
      expect(error.response.headers).toMatchObject({
        "x-ratelimit-remaining": "0",
        "x-ratelimit-used": "3",
        "x-ratelimit-reset": String((START + HOUR) / 1000),
      });
    }
    expect(model.limits.spentBy(TOKEN)).toEqual({ rest: 3, graphql: 0, writes: 0, refused: 2 });
    expect(model.limits.refusals.map((r) => [r.limit, r.resource])).toEqual([
      ["primary", "core"],
      ["primary", "core"],
    ]);
    // GraphQL's points are a budget of their own.
    expect((await query()).data).toMatchObject({ data: { repository: { name: "sprint" } } });
  });

  it("refuses GraphQL past its points with HTTP 200 and GitHub's error, pricing each query by its cost", async () => {
    model.limits.set(TOKEN, { graphql: 3, rest: 1 });
    await read();
    await query();
    // The sweep's query over 100 pull requests costs 2 points: 1 + 100 + 100 requests.
    const waiting = { owner: "org", name: "sprint", base: "main", context: "c", after: null, first: 100 };
    expect((await query(WAITING_QUERY, waiting)).data.data.rateLimit).toMatchObject({
      cost: 2,
      remaining: 0,
    });
    const spent = await query();
    expect(spent.status).toBe(200);
    expect(spent.data).toEqual({
      errors: [
        {
          type: GRAPHQL_RATE_LIMIT_TYPE,
          code: "graphql_rate_limit",
          message: "API rate limit already exceeded for installation ID 1.",
        },
      ],
    });
    expect(spent.headers["x-ratelimit-remaining"]).toBe("0");
    expect(model.limits.spentBy(TOKEN)).toMatchObject({ rest: 1, graphql: 3, refused: 1 });
  });

  it("refuses a query costing more than what is left, and shows what is left", async () => {
    model.limits.set(TOKEN, { graphql: 2 });
    await query();
    const waiting = { owner: "org", name: "sprint", base: "main", context: "c", after: null, first: 100 };
    const refused = await query(WAITING_QUERY, waiting);
    expect(refused.data.errors[0].message).toBe("API rate limit exceeded for installation ID 1.");
    expect(refused.headers["x-ratelimit-remaining"]).toBe("1");
  });

  it("starts a new window an hour after the first request of the last one, on the model's clock", async () => {
    model.limits.set(TOKEN, { rest: 2 });
    model.now += 10 * 60_000;
    await read();
    model.now += 30 * 60_000;
    await read();
    expect(refusal(await read().catch((e: unknown) => e)).response.headers["x-ratelimit-reset"]).toBe(
      String((START + 10 * 60_000 + HOUR) / 1000),
    );
    model.now = START + 10 * 60_000 + HOUR;
    const again = await read();
    expect(again.headers).toMatchObject({
      "x-ratelimit-used": "1",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": String((model.now + HOUR) / 1000),
    });
  });

  it("gives a GitHub App's installation token its own, larger budget, acting as the App's bot", async () => {
    model.limits.set(TOKEN, { rest: 1 });
    await read();
    expect(refusal(await read().catch((e: unknown) => e)).status).toBe(403);
    const app = new Octokit({ auth: APP_TOKEN, baseUrl: github.url, log: quiet });
    const made = await app.rest.repos.createCommitStatus({
      ...repo,
      sha: model.mainSha,
      state: "success",
      context: "x",
    });
    expect(made.headers["x-ratelimit-limit"]).toBe("5000");
    expect(made.data.creator).toMatchObject({ login: "registry-app[bot]", type: "Bot" });
    expect((await app.rest.rateLimit.get()).data.resources.core).toMatchObject({ limit: 5000, used: 1 });
    model.limits.set(APP_TOKEN, { rest: 1 });
    expect(refusal(await app.rest.repos.get(repo).catch((e: unknown) => e)).response.data.message).toBe(
      "API rate limit exceeded for installation ID 2.",
    );
  });
});

describe("GitHub's secondary rate limits in the model", () => {
  it("refuses a write past 80 in a minute with retry-after, and takes it once the minute has passed", async () => {
    for (let i = 0; i < 80; i++) await write(i);
    model.now += 20_000;
    const error = refusal(await write(80).catch((e: unknown) => e));
    expect(error.status).toBe(403);
    expect(error.response.data.message).toBe(
      "You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry your request again later.",
    );
    expect(error.response.headers["retry-after"]).toBe("40");
    expect(error.response.headers["x-ratelimit-remaining"]).toBe("920");
    // Reads are not content: they go on.
    expect((await read()).status).toBe(200);
    model.now += 40_000;
    expect((await write(80)).status).toBe(201);
    expect(model.limits.spentBy(TOKEN)).toEqual({ rest: 82, graphql: 0, writes: 81, refused: 1 });
    expect(model.limits.refusals.map((r) => r.limit)).toEqual(["writes"]);
  });

  it("refuses writes past the hour's 500 (here scaled down) until the oldest leaves the hour", async () => {
    model.limits.set(TOKEN, { writesPerMinute: 8, writesPerHour: 10 });
    for (let i = 0; i < 8; i++) await write(i);
    expect(refusal(await write(8).catch((e: unknown) => e)).response.headers["retry-after"]).toBe("60");
    model.now += 60_000;
    for (let i = 8; i < 10; i++) await write(i);
    expect(refusal(await write(10).catch((e: unknown) => e)).response.headers["retry-after"]).toBe("3540");
    model.now = START + HOUR;
    expect((await write(10)).status).toBe(201);
  });

  it("refuses past 900 REST points or 2,000 GraphQL points a minute (scaled down), with the request ID", async () => {
    model.limits.set(TOKEN, { restPointsPerMinute: 11, graphqlPointsPerMinute: 2 });
    await write(0); // 5 points
    for (let i = 0; i < 6; i++) await read();
    const error = refusal(await read().catch((e: unknown) => e));
    expect(error.response.data.message).toMatch(
      /^You have exceeded a secondary rate limit\. Please wait a few minutes before you try again\. If you reach out to GitHub Support for help, please include the request ID [0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{7}:[0-9A-F]{8}\.$/,
    );
    expect(error.response.headers["retry-after"]).toBe("60");
    // A GraphQL query is 1 secondary point whatever its primary cost.
    await query();
    await query();
    const graphql = refusal(await query().catch((e: unknown) => e));
    expect([graphql.status, graphql.response.headers["x-ratelimit-resource"]]).toEqual([403, "graphql"]);
    expect(model.limits.refusals.map((r) => [r.limit, r.resource])).toEqual([
      ["points", "core"],
      ["points", "graphql"],
    ]);
  });

  it("allows at most 100 concurrent requests of a token", () => {
    for (let i = 0; i < 100; i++) expect(model.limits.begin(TOKEN)).toBeUndefined();
    expect(model.limits.begin(TOKEN)).toMatchObject({ status: 403 });
    expect(model.limits.begin(APP_TOKEN)).toBeUndefined();
    model.limits.end(TOKEN);
    expect(model.limits.begin(TOKEN)).toBeUndefined();
  });

  it("still fails a request the test asks to fail, before any limit", async () => {
    model.limits.set(TOKEN, { rest: 0 });
    github.fail({ method: "GET", url: "/repos/org/sprint", status: 502 });
    expect(refusal(await read().catch((e: unknown) => e)).status).toBe(502);
    expect(refusal(await read().catch((e: unknown) => e)).status).toBe(403);
  });
});
