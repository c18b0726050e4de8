import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  INTAKE_QUERY,
  MORE_QUERY,
  pullQuery,
  WAITING_QUERY,
  type TextWanted,
} from "../../generator/github/pull-query.ts";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";

/**
 * The model's GraphQL: the queries the workflows send (generator/github/pull-query.ts), checked
 * against GitHub's published schema and answered from the state REST reads and writes.
 */
let model: GithubModel;
let github: RunningModel;
let octokit: Octokit;
const repo = { owner: "org", repo: "sprint" };
const TEAM = "records/teams/a.yaml";
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
// `any`: the answers are JSON read by path, as a workflow reads them.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The whole answer, errors and all, as GitHub sends it (octokit.graphql would throw on errors). */
async function post(query: string, variables: Record<string, unknown> = {}, token = "ghs_test-token") {
  const res = await fetch(`${github.url}/graphql`, {
    method: "POST",
    headers: { authorization: `token ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

const validateRun = (head: string, branch: string, repository: string) => ({
  path: ".github/workflows/validate.yml",
  event: "pull_request",
  head_sha: head,
  head_branch: branch,
  head_repository: repository,
});

beforeEach(async () => {
  model = new GithubModel({ [TEAM]: "name: A\nslug: a\n" });
  github = await startGithubModel(model);
  octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
});
afterEach(() => github.close());

describe("the GitHub model answers the workflows' GraphQL queries from its state", () => {
  it("answers Report's query: texts at base, head and merge, statuses newest per context, check suites", async () => {
    model.push("mallory/sprint", "edit", { [TEAM]: "name: A\nslug: a\nmotto: M\n" });
    model.push("org/sprint", "main", { [TEAM]: "name: Ay\nslug: a\n" });
    const pr = model.openPull("mallory", "mallory:edit");
    model.review(pr.number, "ada", "APPROVED");
    await octokit.rest.issues.createComment({ ...repo, issue_number: pr.number, body: "Checked." });
    const status = (state: "pending" | "success", context: string) =>
      octokit.rest.repos.createCommitStatus({
        ...repo,
        sha: pr.head.sha,
        state,
        context,
        description: state,
      });
    await status("pending", "ownership");
    model.now += 60_000;
    await status("success", "ownership");
    await status("pending", "other");
    const done = model.finishRun({
      ...validateRun(pr.head.sha, "edit", "mallory/sprint"),
      conclusion: "success",
    });
    model.now += 60_000;
    const queued = model.startRun(validateRun(pr.head.sha, "edit", "mallory/sprint"));

    const variables = {
      ...vars(),
      number: pr.number,
      head: pr.head.sha,
      base: "refs/heads/main",
      context: "ownership",
    };
    const { body, headers } = await post(pullQuery(allSides, true, false), variables);
    expect(body.errors).toBeUndefined();
    const r = body.data.repository;
    expect([r.base.target.t0.object.text, r.head.t1.object.text]).toEqual([
      "name: Ay\nslug: a\n",
      "name: A\nslug: a\nmotto: M\n",
    ]);
    const { data: rest } = await octokit.rest.pulls.get({ ...repo, pull_number: pr.number });
    expect(r.pullRequest).toMatchObject({
      number: pr.number,
      state: "OPEN",
      headRefOid: pr.head.sha,
      headRefName: "edit",
      baseRefName: "main",
      changedFiles: 1,
      mergeable: "MERGEABLE",
      author: { login: "mallory" },
      headRepository: { nameWithOwner: "mallory/sprint" },
      potentialMergeCommit: {
        oid: rest.merge_commit_sha,
        t2: { object: { text: "name: Ay\nslug: a\nmotto: M\n" } },
      },
      files: { pageInfo: { hasNextPage: false }, nodes: [{ path: TEAM, changeType: "MODIFIED" }] },
      reviews: { nodes: [{ author: { login: "ada" }, state: "APPROVED", commit: { oid: pr.head.sha } }] },
      comments: {
        nodes: [
          {
            body: "Checked.",
            url: `https://github.com/org/sprint/pull/${pr.number}#issuecomment-${model.comments[0]!.id}`,
            author: { login: "github-actions", __typename: "Bot" },
          },
        ],
      },
    });
    expect(r.head.status.context).toEqual({ state: "SUCCESS", description: "success", targetUrl: null });
    expect(r.head.checkSuites.nodes).toEqual([
      suite(done, "COMPLETED", "SUCCESS", "2026-12-01T09:01:00Z"),
      suite(queued, "QUEUED", null, "2026-12-01T09:02:00Z"),
    ]);
    expect(r.open.nodes).toEqual([
      {
        number: pr.number,
        headRefOid: pr.head.sha,
        baseRefName: "main",
        commits: { nodes: [{ commit: { oid: pr.head.sha, status: { context: { state: "SUCCESS" } } } }] },
      },
    ]);
    // 1 + 100 (each open pull request's commits) + 1 + 3 requests: 105 / 100 rounds to 1 point.
    expect(body.data.rateLimit).toMatchObject({ cost: 1, limit: 1000, remaining: 999 });
    expect(headers.get("x-ratelimit-resource")).toBe("graphql");
    expect(github.requests.filter((q) => q.operationId === "graphql")).toMatchObject([
      { method: "POST", url: "/graphql", operationName: "PullForReport" },
    ]);
  });

  it("answers mergeable CONFLICTING with no merge commit, UNKNOWN while GitHub computes it, and the issue's author", async () => {
    model.push("mallory/sprint", "edit", { [TEAM]: "name: M\nslug: a\n" });
    model.push("org/sprint", "main", { [TEAM]: "name: O\nslug: a\n" });
    const issue = model.openIssue("ines", "Register", "…");
    const pr = model.openPull("mallory", "mallory:edit");
    const read = async () =>
      (
        await post(pullQuery(allSides, false, true), {
          ...vars(),
          number: pr.number,
          head: pr.head.sha,
          base: "main",
          context: "c",
          issue: issue.number,
        })
      ).body.data.repository;
    const conflicting = await read();
    expect(conflicting.pullRequest).toMatchObject({ mergeable: "CONFLICTING", potentialMergeCommit: null });
    // When GitHub received the issue's text dates the intake's pull request (never edited: its opening).
    expect(conflicting.issue).toEqual({
      author: { login: "ines" },
      createdAt: "2026-12-01T09:00:00Z",
      lastEditedAt: null,
    });
    expect(conflicting.head.status).toBeNull();
    model.mergeabilityPending.add(pr.number);
    expect((await read()).pullRequest).toMatchObject({ mergeable: "UNKNOWN", potentialMergeCommit: null });
  });

  it("pages a pull request's files, reviews and comments past 100 with MORE_QUERY's cursors", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`records/teams/t${String(i).padStart(3, "0")}.yaml`, "x\n"]),
    );
    model.push("org/sprint", "many", files);
    const pr = model.openPull("ada", "many");
    for (let i = 0; i < 3; i++)
      model.comments.push({
        id: model.nextId(),
        issue: pr.number,
        body: `c${i}`,
        user: { login: "ada", type: "User" },
      });
    const first = await post(pullQuery(allSides, false, false), {
      ...vars(),
      number: pr.number,
      head: pr.head.sha,
      base: "main",
      context: "c",
    });
    const page1 = first.body.data.repository.pullRequest.files;
    expect([page1.nodes.length, page1.pageInfo.hasNextPage]).toEqual([100, true]);
    const more = await post(MORE_QUERY, {
      ...vars(),
      number: pr.number,
      files: (
        await post(
          `query($owner: String!, $name: String!, $n: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $n) { files(first: 100) { pageInfo { endCursor } } } } }`,
          { ...vars(), n: pr.number },
        )
      ).body.data.repository.pullRequest.files.pageInfo.endCursor,
      reviews: null,
      comments: null,
      withFiles: true,
      withReviews: false,
      withComments: true,
    });
    const page2 = more.body.data.repository.pullRequest;
    expect(page2.files.nodes.map((f: Json) => f.path)).toEqual(Object.keys(files).slice(100));
    expect(page2.files.pageInfo.hasNextPage).toBe(false);
    expect(page2.reviews).toBeUndefined();
    expect(page2.comments.nodes.map((c: Json) => c.body)).toEqual(["c0", "c1", "c2"]);
    const bad = await post(MORE_QUERY, {
      ...vars(),
      number: pr.number,
      files: "bm9wZQ==",
      reviews: null,
      comments: null,
      withFiles: true,
      withReviews: false,
      withComments: false,
    });
    expect(bad.body.errors).toEqual([
      expect.objectContaining({
        type: "INVALID_CURSOR_ARGUMENTS",
        path: ["repository", "pullRequest", "files"],
      }),
    ]);
  });

  it("answers the sweep's query page by page, oldest first, and prices it by GitHub's formula", async () => {
    const heads = ["a", "b", "c"].map((b) =>
      model.push("org/sprint", b, { [`records/teams/${b}.yaml`]: `name: ${b}\n` }),
    );
    const [pa, pb, pc] = ["a", "b", "c"].map((b) => model.openPull("ada", b));
    model.push("org/sprint", "other", {});
    await octokit.rest.pulls.update({ ...repo, pull_number: pb!.number, state: "closed" });
    model.finishRun({
      ...validateRun(heads[2]!, "c", "org/sprint"),
      conclusion: "failure",
      created_at: "2026-12-01T08:30:00Z",
    });
    const page = (first: number, after: string | null) =>
      post(WAITING_QUERY, { ...vars(), base: "main", context: "ownership", first, after });
    const one = (await page(1, null)).body.data;
    expect(one.repository.pullRequests.nodes.map((n: Json) => n.number)).toEqual([pa!.number]);
    expect(one.repository.pullRequests.pageInfo.hasNextPage).toBe(true);
    const two = (await page(1, one.repository.pullRequests.pageInfo.endCursor)).body.data.repository
      .pullRequests;
    expect(two.pageInfo.hasNextPage).toBe(false);
    expect(two.nodes[0]).toMatchObject({
      number: pc!.number,
      headRefName: "c",
      headRepository: { nameWithOwner: "org/sprint" },
      commits: {
        nodes: [
          {
            commit: {
              oid: heads[2],
              status: null,
              checkSuites: {
                nodes: [
                  {
                    workflowRun: {
                      createdAt: "2026-12-01T08:30:00Z",
                      file: { path: ".github/workflows/validate.yml" },
                    },
                    branch: { name: "c" },
                    status: "COMPLETED",
                    conclusion: "FAILURE",
                  },
                ],
              },
            },
          },
        ],
      },
    });
    // first: 1 → 1 + 1 + 1 requests; first: 100 → 1 + 100 + 100 = 201 requests, 2 points.
    expect(one.rateLimit.cost).toBe(1);
    expect((await page(100, null)).body.data.rateLimit).toMatchObject({
      cost: 2,
      remaining: 1000 - 1 - 1 - 2,
    });
  });

  it("answers the intake's query: its comments, its branch, its open pull request, the tree it builds on", async () => {
    const issue = model.openIssue("ines", "Register team B", "…");
    await octokit.rest.issues.createComment({ ...repo, issue_number: issue.number, body: "On it." });
    model.push("org/sprint", `intake/issue-${issue.number}`, { "records/teams/b.yaml": "name: B\n" });
    const pr = model.openPull("github-actions[bot]", `intake/issue-${issue.number}`);
    const { data: commit } = await octokit.rest.git.getCommit({ ...repo, commit_sha: model.mainSha });
    const branch = `intake/issue-${issue.number}`;
    const { body } = await post(INTAKE_QUERY, {
      ...vars(),
      issue: issue.number,
      branch,
      qualified: `refs/heads/${branch}`,
      base: "main",
      read: model.mainSha,
    });
    expect(body.data.repository).toEqual({
      issue: {
        comments: {
          pageInfo: { hasNextPage: false },
          nodes: [
            {
              databaseId: model.comments[0]!.id,
              body: "On it.",
              url: `https://github.com/org/sprint/issues/${issue.number}#issuecomment-${model.comments[0]!.id}`,
              author: { login: "github-actions", __typename: "Bot" },
            },
          ],
        },
      },
      ref: { target: { oid: pr.head.sha } },
      pullRequests: {
        nodes: [
          {
            number: pr.number,
            url: `https://github.com/org/sprint/pull/${pr.number}`,
            headRepository: { nameWithOwner: "org/sprint" },
          },
        ],
      },
      object: { tree: { oid: commit.tree.sha } },
    });
  });
});

describe("the GitHub model answers what is absent, and refuses what GitHub refuses, as GitHub does", () => {
  const one = (field: string) =>
    `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${field} } }`;

  it("reads git objects by expression and by oid, and the default branch", async () => {
    const { body } = await post(
      one(`defaultBranchRef { name target { oid } }
        f: object(expression: "main:${TEAM}") { __typename ... on Blob { text byteSize isBinary isTruncated } }
        d: object(expression: "main:records") { ... on Tree { entries { name type object { __typename } } } }
        c: object(expression: "main") { ... on Commit { oid file(path: "records/none.yaml") { path } } }
        r: ref(qualifiedName: "main") { name target { oid } }`),
      vars(),
    );
    const sha = model.mainSha;
    expect(body).toEqual({
      data: {
        repository: {
          defaultBranchRef: { name: "main", target: { oid: sha } },
          f: {
            __typename: "Blob",
            text: "name: A\nslug: a\n",
            byteSize: 16,
            isBinary: false,
            isTruncated: false,
          },
          d: { entries: [{ name: "teams", type: "tree", object: { __typename: "Tree" } }] },
          c: { oid: sha, file: null },
          r: { name: "main", target: { oid: sha } },
        },
      },
    });
    const blob = (await octokit.rest.repos.getContent({ ...repo, path: TEAM })).data as { sha: string };
    const byOid = await post(one(`object(oid: "${blob.sha}") { __typename oid }`), vars());
    expect(byOid.body.data.repository.object).toEqual({ __typename: "Blob", oid: blob.sha });
  });

  it("answers null and NOT_FOUND for a repository, pull request or issue it does not have", async () => {
    const issue = model.openIssue("ines", "x", "y");
    model.push("org/sprint", "b", { "x.yaml": "x\n" });
    const pr = model.openPull("ada", "b");
    const other = await post(one("name"), { owner: "org", name: "gone" });
    expect(other.body).toEqual({
      data: { repository: null },
      errors: [
        {
          type: "NOT_FOUND",
          path: ["repository"],
          locations: [{ line: 1, column: 42 }],
          message: "Could not resolve to a Repository with the name 'org/gone'.",
        },
      ],
    });
    const absent = await post(
      one(
        `p: pullRequest(number: ${issue.number}) { number } i: issue(number: ${pr.number}) { number } r: ref(qualifiedName: "refs/heads/none") { name } o: object(expression: "main:none.yaml") { oid }`,
      ),
      vars(),
    );
    expect(absent.body.data.repository).toEqual({ p: null, i: null, r: null, o: null });
    expect(absent.body.errors.map((e: Json) => [e.type, e.path, e.message])).toEqual([
      [
        "NOT_FOUND",
        ["repository", "p"],
        `Could not resolve to a PullRequest with the number of ${issue.number}.`,
      ],
      ["NOT_FOUND", ["repository", "i"], `Could not resolve to an Issue with the number of ${pr.number}.`],
    ]);
  });

  it("refuses an unknown field, a variable of the wrong type and a syntax error before running, charging nothing", async () => {
    const unknown = await post(one("stars"), vars());
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      errors: [
        {
          path: ["query", "repository", "stars"],
          extensions: { code: "undefinedField", typeName: "Repository", fieldName: "stars" },
          locations: [{ line: 1, column: 83 }],
          message: "Field 'stars' doesn't exist on type 'Repository'",
        },
      ],
    });
    const numbered = `query($owner: String!, $name: String!, $n: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $n) { number } } }`;
    const wrong = await post(numbered, { ...vars(), n: "seven" });
    expect(wrong.body).toEqual({
      errors: [
        {
          extensions: {
            value: "seven",
            problems: [{ path: [], explanation: 'Could not coerce value "seven" to Int' }],
          },
          locations: [{ line: 1, column: 40 }],
          message: "Variable $n of type Int! was provided invalid value",
        },
      ],
    });
    expect(wrong.headers.get("x-ratelimit-used")).toBe("0");
    const unparsed = await post(`{ repository(owner: "org", name: "sprint") { name } } }`);
    expect(unparsed.body).toEqual({
      errors: [{ locations: [{ line: 1, column: 55 }], message: 'Parse error on "}" (RCURLY) at [1, 55]' }],
    });
    // Each text again (the model parses and validates a text once): the same refusals, and the
    // query refused for its variable's value is judged anew with another value.
    expect((await post(one("stars"), vars())).body).toEqual(unknown.body);
    expect((await post(`{ repository(owner: "org", name: "sprint") { name } } }`)).body).toEqual(
      unparsed.body,
    );
    expect((await post(numbered, { ...vars(), n: "seven" })).body).toEqual(wrong.body);
    expect(JSON.stringify((await post(numbered, { ...vars(), n: 1 })).body)).not.toContain("invalid value");
  });

  it("refuses a connection without first or last, or over 100, where it runs, with GitHub's words", async () => {
    const read = async (field: string) => (await post(one(`${field} name`), vars())).body;
    const without = await read("a: pullRequests(states: OPEN) { nodes { number } }");
    // The connection is non-null, so its null reaches `repository`, as GraphQL propagates it.
    expect(without).toEqual({
      data: { repository: null },
      errors: [
        {
          type: "MISSING_PAGINATION_BOUNDARIES",
          path: ["repository", "a"],
          locations: [{ line: 1, column: 83 }],
          message:
            "You must provide a `first` or `last` value to properly paginate the `pullRequests` connection.",
        },
      ],
    });
    const over = await read("b: pullRequests(first: 101) { nodes { number } }");
    expect(over.errors.map((e: Json) => [e.type, e.path, e.message])).toEqual([
      [
        "EXCESSIVE_PAGINATION",
        ["repository", "b"],
        "Requesting 101 records on the `pullRequests` connection exceeds the `first` limit of 100 records.",
      ],
    ]);
  });

  it("refuses a query over 500,000 nodes, and an unknown token", async () => {
    const deep = one(
      "pullRequests(first: 100) { nodes { commits(first: 100) { nodes { commit { checkSuites(first: 100) { totalCount } } } } } }",
    );
    expect((await post(deep, vars())).body).toEqual({
      errors: [
        {
          type: "MAX_NODE_LIMIT_EXCEEDED",
          message:
            "By the time this query traverses to the checkSuites connection, it is requesting up to 1,010,100 possible nodes which exceeds the maximum limit of 500,000.",
        },
      ],
    });
    const stranger = await post(one("name"), vars(), "ghs_unknown");
    expect([stranger.status, stranger.body.message]).toEqual([401, "Bad credentials"]);
  });

  it("reports a run in progress with no conclusion, in GraphQL and REST alike", async () => {
    const run = model.startRun({
      ...validateRun(model.mainSha, "main", "org/sprint"),
      status: "in_progress",
    });
    const query = `query($owner: String!, $name: String!, $oid: GitObjectID!) { repository(owner: $owner, name: $name) { object(oid: $oid) { ... on Commit { checkSuites(first: 5) { nodes { status conclusion workflowRun { runNumber } } } } } } }`;
    const read = async () =>
      (await post(query, { ...vars(), oid: model.mainSha })).body.data.repository.object.checkSuites.nodes;
    expect(await read()).toEqual([
      { status: "IN_PROGRESS", conclusion: null, workflowRun: { runNumber: 1 } },
    ]);
    const { data } = await octokit.rest.actions.listWorkflowRuns({ ...repo, workflow_id: "validate.yml" });
    expect(data.workflow_runs[0]).toMatchObject({ status: "in_progress", conclusion: null, run_number: 1 });
    model.completeRun(run, "success");
    expect(await read()).toEqual([
      { status: "COMPLETED", conclusion: "SUCCESS", workflowRun: { runNumber: 1 } },
    ]);
  });
});

/** A text at each side: pullQuery's `... on Commit { }` would be empty (a syntax error) without one. */
const allSides: TextWanted[] = (["base", "head", "merge"] as const).map((side) => ({ side, path: TEAM }));

function vars() {
  return { owner: "org", name: "sprint" };
}

function suite(run: { id: number }, status: string, conclusion: string | null, createdAt: string) {
  return {
    workflowRun: {
      databaseId: run.id,
      createdAt,
      event: "pull_request",
      url: `https://github.com/org/sprint/actions/runs/${run.id}`,
      file: { path: ".github/workflows/validate.yml" },
    },
    branch: null,
    status,
    conclusion,
  };
}
