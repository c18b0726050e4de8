import { COMPARE } from "./compare.ts";
import { GIT_DATA } from "./git-data.ts";
import { queueHolding } from "./merge-queue.ts";
import { blobSha } from "./git-store.ts";
import { runNumber } from "./graphql-objects.ts";
import { REPOSITORY, type GithubModel, type Pull, type User } from "./github-model.ts";
import { mergePull } from "./pull-merge.ts";
import { dispatchRefusal } from "./workflow-triggers.ts";

/**
 * What GitHub answers to each operation the REST description allowed, from the model's state.
 * Refusals carry GitHub's documented status and message (422 for an update without the file's
 * `sha`, 409 for a stale one, 422 for a status on a commit it does not have, …).
 */
export interface Answer {
  status: number;
  data: unknown;
  headers?: Record<string, string> | undefined;
}
type Body = Record<string, unknown>;
type Handler = (m: GithubModel, a: Context) => Answer;
interface Context {
  actor: User;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body;
  url: URL | undefined;
  /** The token the request came with: GitHub counts limits per token. */
  token: string;
}

const ok = (data: unknown, status = 200): Answer => ({ status, data });
const fail = (status: number, message: string, errors?: unknown[]): Answer => ({
  status,
  data: { message, ...(errors ? { errors } : {}), documentation_url: "https://docs.github.com/rest" },
});
const notFound = () => fail(404, "Not Found");
/** GitHub answers 422 to a comment body over this many characters. */
const MAX_COMMENT = 65536;
/** The pull-request files endpoint lists at most this many files. */
export const MAX_FILES = 3000;

export function answer(
  model: GithubModel,
  actor: User,
  operationId: string,
  params: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
  url?: URL,
  token = "",
): Answer {
  const handler = HANDLERS[operationId];
  if (!handler) return notFound();
  return handler(model, { actor, params, query, body: (body ?? {}) as Body, url, token });
}

const HANDLERS: Record<string, Handler> = {
  ...GIT_DATA,
  ...COMPARE,

  "repos/get": (m) =>
    ok({ full_name: REPOSITORY, name: "sprint", owner: { login: "org" }, default_branch: m.defaultBranch }),

  "repos/get-content": (m, { params, query }) => {
    const sha = resolveRef(m, query.get("ref") ?? m.defaultBranch);
    if (!sha) return fail(404, `No commit found for the ref ${query.get("ref")}`);
    const text = m.git.get(sha).tree.get(params.path!);
    if (text === undefined) return notFound();
    const name = params.path!.split("/").pop();
    return ok({
      type: "file",
      encoding: "base64",
      name,
      path: params.path,
      sha: blobSha(text),
      size: Buffer.byteLength(text),
      content: Buffer.from(text).toString("base64"),
    });
  },

  "repos/create-or-update-file-contents": (m, { params, body }) => {
    const branch = String(body.branch ?? m.defaultBranch);
    const head = m.branch(REPOSITORY, branch);
    if (!head) return fail(404, `Branch ${branch} not found`);
    const current = m.git.get(head).tree.get(params.path!);
    if (current !== undefined && body.sha === undefined)
      return fail(422, `Invalid request.\n\n"sha" wasn't supplied.`);
    if (current !== undefined && body.sha !== blobSha(current))
      return fail(409, `${params.path} does not match ${String(body.sha)}`);
    const text = Buffer.from(String(body.content), "base64").toString("utf8");
    const sha = m.push(REPOSITORY, branch, { [params.path!]: text });
    return ok(
      { content: { path: params.path, sha: blobSha(text) }, commit: { sha } },
      current === undefined ? 201 : 200,
    );
  },

  "repos/create-commit-status": (m, { params, body, actor }) => {
    if (!m.git.has(params.sha!)) return fail(422, `No commit found for SHA: ${params.sha}`);
    const status = {
      sha: params.sha!,
      state: String(body.state),
      context: String(body.context ?? "default"),
      description: (body.description as string | undefined) ?? null,
      target_url: (body.target_url as string | undefined) ?? null,
      creator: actor,
      created_at: m.isoNow(),
    };
    m.statuses.push(status);
    return ok({ id: m.nextId(), ...status }, 201);
  },

  "git/get-ref": (m, { params }) => {
    const name = /^heads\/(.+)$/.exec(params.ref!)?.[1];
    const sha = name && m.branch(REPOSITORY, name);
    return sha ? ok({ ref: `refs/${params.ref}`, object: { type: "commit", sha } }) : notFound();
  },

  "git/create-ref": (m, { body }) => {
    const name = /^refs\/heads\/(.+)$/.exec(String(body.ref))?.[1];
    if (!name) return fail(422, "Reference name must start with 'refs/heads/' for a branch");
    if (m.branch(REPOSITORY, name)) return fail(422, "Reference already exists");
    if (!m.git.has(String(body.sha))) return fail(422, "Object does not exist");
    m.setBranch(REPOSITORY, name, String(body.sha));
    return ok({ ref: body.ref, object: { type: "commit", sha: body.sha } }, 201);
  },

  "git/update-ref": (m, { params, body }) => {
    const name = /^heads\/(.+)$/.exec(params.ref!)?.[1];
    const from = name && m.branch(REPOSITORY, name);
    if (!name || !from) return fail(422, "Reference does not exist");
    const to = String(body.sha);
    if (!m.git.has(to)) return fail(422, "Object does not exist");
    if (body.force !== true && !m.git.reaches(to, from)) return fail(422, "Update is not a fast forward");
    m.setBranch(REPOSITORY, name, to);
    return ok({ ref: `refs/${params.ref}`, object: { type: "commit", sha: to } });
  },

  "pulls/get": (m, { params }) => {
    const pr = m.pull(Number(params.pull_number));
    if (!pr) return notFound();
    // `mergeable` is null while GitHub computes the test merge in the background.
    if (m.mergeabilityPending.has(pr.number)) return ok({ ...pullJson(m, pr), mergeable: null });
    return ok({ ...pullJson(m, pr), mergeable: pr.state === "open" ? testMerge(m, pr) !== undefined : null });
  },

  "pulls/list": (m, { query, url }) => {
    const state = query.get("state") ?? "open";
    const head = query.get("head");
    const list = m.pulls
      .filter((p) => state === "all" || p.state === state)
      .filter((p) => !head || `${p.head.repo.split("/")[0]}:${p.head.ref}` === head)
      .filter((p) => !query.get("base") || p.base.ref === query.get("base"))
      .sort((a, b) => (query.get("direction") === "asc" ? a.number - b.number : b.number - a.number));
    return page(
      list.map((p) => pullJson(m, p)),
      query,
      url,
    );
  },

  "pulls/create": (m, { body, actor }) => {
    const [owner, ref] = String(body.head).includes(":")
      ? String(body.head).split(":")
      : ["org", String(body.head)];
    const repo = `${owner}/sprint`;
    const sha = m.branch(repo, ref!);
    const base = String(body.base);
    if (!sha)
      return fail(422, "Validation Failed", [{ resource: "PullRequest", field: "head", code: "invalid" }]);
    if (!m.branch(REPOSITORY, base))
      return fail(422, "Validation Failed", [{ resource: "PullRequest", field: "base", code: "invalid" }]);
    if (
      m.pulls.some(
        (p) => p.state === "open" && p.head.repo === repo && p.head.ref === ref && p.base.ref === base,
      )
    )
      return fail(422, "Validation Failed", [
        {
          resource: "PullRequest",
          code: "custom",
          message: `A pull request already exists for ${owner}:${ref}.`,
        },
      ]);
    if (m.git.reaches(m.branch(REPOSITORY, base)!, sha))
      return fail(422, "Validation Failed", [
        { resource: "PullRequest", code: "custom", message: `No commits between ${base} and ${ref}` },
      ]);
    const pr: Pull = {
      number: m.nextNumber(),
      user: actor,
      title: String(body.title ?? ""),
      body: String(body.body ?? ""),
      state: "open",
      head: { repo, ref: ref!, sha },
      base: { ref: base },
      created_at: m.isoNow(),
      updated_at: m.isoNow(),
    };
    m.pulls.push(pr);
    return ok(pullJson(m, pr), 201);
  },

  "pulls/update": (m, { params, body }) => {
    const pr = m.pull(Number(params.pull_number));
    if (!pr) return notFound();
    if (typeof body.base === "string" && !m.branch(REPOSITORY, body.base))
      return fail(422, "Validation Failed", [{ resource: "PullRequest", field: "base", code: "invalid" }]);
    if (body.state === "open" && pr.merged)
      return fail(422, "Validation Failed", [
        {
          resource: "PullRequest",
          code: "custom",
          field: "state",
          message: "A merged pull request cannot be reopened",
        },
      ]);
    if (typeof body.title === "string") pr.title = body.title;
    if (typeof body.body === "string") pr.body = body.body;
    if (body.state === "open" || body.state === "closed") pr.state = body.state;
    if (typeof body.base === "string") pr.base.ref = body.base;
    pr.updated_at = m.isoNow();
    return ok(pullJson(m, pr));
  },

  "pulls/merge": (m, { params, body }) => mergePull(m, Number(params.pull_number), body),

  // "Update branch": a merge commit of the base into the head branch, as the button makes it.
  "pulls/update-branch": (m, { params, body }) => {
    const pr = m.pull(Number(params.pull_number));
    if (!pr) return notFound();
    if (pr.state !== "open") return fail(422, "Pull request is not open");
    // GitHub's words, quoted in objectstack-ai/objectstack#12873.
    if (queueHolding(m, pr.number))
      return fail(422, "Branches that are queued for merging cannot be updated");
    if (typeof body.expected_head_sha === "string" && body.expected_head_sha !== pr.head.sha)
      return fail(422, "expected head sha didn't match current head ref.");
    const base = m.branch(REPOSITORY, pr.base.ref)!;
    if (m.git.reaches(pr.head.sha, base)) return fail(422, "There are no new commits on the base branch.");
    const merged = m.git.merge(base, pr.head.sha);
    if (merged === undefined) return fail(422, "merge conflict between base and head");
    const tree = m.git.treeSha(m.git.get(merged).tree);
    const sha = m.git.commitTree(
      [pr.head.sha, base],
      tree,
      `Merge branch '${pr.base.ref}' into ${pr.head.ref}`,
    );
    m.setBranch(pr.head.repo, pr.head.ref, sha);
    return ok(
      { message: "Updating pull request branch.", url: `https://github.com/${REPOSITORY}/pull/${pr.number}` },
      202,
    );
  },

  "pulls/list-files": (m, { params, query, url }) => {
    const pr = m.pull(Number(params.pull_number));
    return pr ? page(pullFiles(m, pr).slice(0, MAX_FILES), query, url) : notFound();
  },

  "pulls/list-reviews": (m, { params, query, url }) => {
    if (!m.pull(Number(params.pull_number))) return notFound();
    const list = m.reviews.filter((r) => r.pull === Number(params.pull_number));
    return page(
      list.map((r) => ({ id: r.id, user: r.user, state: r.state, commit_id: r.commit_id })),
      query,
      url,
    );
  },

  "issues/get": (m, { params }) => {
    const n = Number(params.issue_number);
    const issue = m.issues.find((i) => i.number === n);
    if (issue)
      return ok({
        ...issue,
        labels: issue.labels.map((name) => ({ name })),
        html_url: `https://github.com/${REPOSITORY}/issues/${n}`,
      });
    const pr = m.pull(n);
    return pr
      ? ok({
          number: n,
          title: pr.title,
          body: pr.body,
          user: pr.user,
          state: pr.state,
          labels: [],
          pull_request: { url: "" },
        })
      : notFound();
  },

  "issues/list-comments": (m, { params, query, url }) => {
    const n = Number(params.issue_number);
    if (!m.issues.some((i) => i.number === n) && !m.pull(n)) return notFound();
    return page(
      m.comments.filter((c) => c.issue === n).map((c) => commentJson(m, c)),
      query,
      url,
    );
  },

  "issues/create-comment": (m, { params, body, actor }) => {
    const n = Number(params.issue_number);
    if (!m.issues.some((i) => i.number === n) && !m.pull(n)) return notFound();
    if ([...String(body.body)].length > MAX_COMMENT)
      return fail(422, "Validation Failed", [{ field: "body", code: "too_long" }]);
    const comment = { id: m.nextId(), issue: n, body: String(body.body), user: actor };
    m.comments.push(comment);
    return ok(commentJson(m, comment), 201);
  },

  "issues/update-comment": (m, { params, body }) => {
    const comment = m.comments.find((c) => c.id === Number(params.comment_id));
    if (!comment) return notFound();
    if ([...String(body.body)].length > MAX_COMMENT)
      return fail(422, "Validation Failed", [{ field: "body", code: "too_long" }]);
    comment.body = String(body.body);
    return ok(commentJson(m, comment));
  },

  "actions/list-workflow-runs": (m, { params, query, url }) => {
    const path = `.github/workflows/${params.workflow_id}`;
    const created = query.get("created");
    const within = created === null ? () => true : createdWithin(created);
    if (!within) return fail(422, "Validation Failed", [{ field: "created", code: "invalid" }]);
    const runs = m.runs
      .filter((r) => r.path === path)
      .filter((r) => !query.get("head_sha") || r.head_sha === query.get("head_sha"))
      // `branch`: the run's head branch (GitHub lists a workflow's runs from every branch without it).
      .filter((r) => !query.get("branch") || r.head_branch === query.get("branch"))
      .filter((r) => !query.get("event") || r.event === query.get("event"))
      .filter(
        (r) =>
          !query.get("status") || r.status === query.get("status") || r.conclusion === query.get("status"),
      )
      .filter((r) => within(Date.parse(r.created_at)));
    const listed = page(
      runs.map((r) => runJson(m, r)),
      query,
      url,
    );
    return { ...listed, data: { total_count: runs.length, workflow_runs: listed.data } };
  },

  // A run's one job, whose check run carries the run's annotations (its id is the run's).
  "actions/list-jobs-for-workflow-run": (m, { params }) => {
    const run = m.runs.find((r) => r.id === Number(params.run_id));
    if (!run) return notFound();
    const job = {
      id: run.id,
      run_id: run.id,
      name: run.path.replace(/^.*\//, "").replace(/\.yml$/, ""),
      head_sha: run.head_sha,
      status: run.status,
      conclusion: run.conclusion,
      started_at: run.run_started_at,
      check_run_url: `https://api.github.com/repos/${REPOSITORY}/check-runs/${run.id}`,
      run_attempt: run.run_attempt,
    };
    return ok({ total_count: 1, jobs: [job] });
  },

  // GitHub's annotation of a workflow command has no file of its own: it is placed at `.github`.
  "checks/list-annotations": (m, { params }) => {
    const run = m.runs.find((r) => r.id === Number(params.check_run_id));
    if (!run) return notFound();
    return ok(
      (run.annotations ?? []).map((a) => ({
        path: ".github",
        start_line: 1,
        end_line: 1,
        start_column: null,
        end_column: null,
        annotation_level: a.level,
        title: null,
        message: a.message,
        raw_details: null,
        blob_href: `https://github.com/${REPOSITORY}/blob/${run.head_sha}/.github`,
      })),
    );
  },

  // Validate's one artifact, `pr-report`, for each finished Validate run (actions/download-artifact reads it).
  "actions/list-workflow-run-artifacts": (m, { params, query }) => {
    const run = m.runs.find((r) => r.id === Number(params.run_id));
    if (!run) return notFound();
    const has =
      run.path === ".github/workflows/validate.yml" &&
      run.status === "completed" &&
      (!query.get("name") || query.get("name") === "pr-report");
    const artifacts = has
      ? [
          {
            id: run.id,
            name: "pr-report",
            expired: false,
            workflow_run: { id: run.id, head_sha: run.head_sha },
          },
        ]
      : [];
    return ok({ total_count: artifacts.length, artifacts });
  },

  // GitHub answers with a redirect to the archive's short-lived address (docs: "Download an artifact").
  "actions/download-artifact": (m, { params }) => {
    const run = m.runs.find((r) => r.id === Number(params.artifact_id));
    if (!run || params.archive_format !== "zip") return notFound();
    return {
      status: 302,
      data: "",
      headers: { location: `https://pipelines.actions.githubusercontent.com/artifacts/${run.id}.zip` },
    };
  },

  // What the token has left; GitHub does not count this request against it (docs: "Get rate limit status").
  "rate-limit/get": (m, { token }) => ok(m.limits.status(token)),

  "actions/create-workflow-dispatch": (m, { params, body }) => {
    if (!m.workflows.includes(params.workflow_id!)) return notFound();
    const sha = m.branch(REPOSITORY, String(body.ref));
    if (!sha) return fail(422, `No ref found for: ${String(body.ref)}`);
    const refused = dispatchRefusal(
      m,
      sha,
      `.github/workflows/${params.workflow_id!}`,
      (body.inputs ?? {}) as Record<string, unknown>,
    );
    if (refused) return fail(422, refused);
    m.dispatches.push({
      workflow: params.workflow_id!,
      ref: String(body.ref),
      inputs: (body.inputs ?? {}) as Record<string, string>,
    });
    return { status: 204, data: "" };
  },
};

/** A branch name or a commit SHA, as the contents API's `ref` takes them. */
function resolveRef(m: GithubModel, ref: string): string | undefined {
  return m.git.has(ref) ? ref : m.branch(REPOSITORY, ref.replace(/^(refs\/)?heads\//, ""));
}

/** A pull request's files: what its head changes since the merge base with its base branch. */
export function pullFiles(m: GithubModel, pr: Pull) {
  const baseSha = m.branch(REPOSITORY, pr.base.ref)!;
  return m.git.diff(m.git.mergeBase(baseSha, pr.head.sha), pr.head.sha);
}

export function pullJson(m: GithubModel, pr: Pull) {
  const baseSha = m.branch(REPOSITORY, pr.base.ref)!;
  return {
    number: pr.number,
    state: pr.state,
    draft: pr.draft === true,
    title: pr.title,
    body: pr.body,
    user: pr.user,
    html_url: `https://github.com/${REPOSITORY}/pull/${pr.number}`,
    head: {
      label: `${pr.head.repo.split("/")[0]}:${pr.head.ref}`,
      ref: pr.head.ref,
      sha: pr.head.sha,
      repo: { full_name: pr.head.repo },
    },
    base: { label: `org:${pr.base.ref}`, ref: pr.base.ref, sha: baseSha, repo: { full_name: REPOSITORY } },
    changed_files: pullFiles(m, pr).length,
    merged: pr.merged === true,
    // The test merge of an open pull request: set only when it merges cleanly.
    merge_commit_sha: pr.state === "open" ? (testMerge(m, pr) ?? null) : null,
  };
}

/** The commit GitHub would make by merging `pr` into its base now (refs/pull/N/merge). */
export function testMerge(m: GithubModel, pr: Pull): string | undefined {
  return m.git.merge(m.branch(REPOSITORY, pr.base.ref)!, pr.head.sha);
}

/** A comment's address names the pull request's page, or the issue's. */
function commentJson(m: GithubModel, c: { id: number; issue: number; body: string; user: User }) {
  const kind = m.pull(c.issue) ? "pull" : "issues";
  return {
    id: c.id,
    body: c.body,
    user: c.user,
    html_url: `https://github.com/${REPOSITORY}/${kind}/${c.issue}#issuecomment-${c.id}`,
  };
}

/**
 * The `created` filter of "List workflow runs", in GitHub's search syntax for dates: `>=T`, `>T`,
 * `<=T`, `<T`, `A..B` (either end `*`), or a date alone (that day, UTC). Anything else is refused,
 * as a filter the model cannot read must not list every run.
 */
function createdWithin(text: string): ((ms: number) => boolean) | undefined {
  const at = (t: string) => (t === "*" ? undefined : Date.parse(t));
  const bad = (n: number | undefined) => n !== undefined && Number.isNaN(n);
  const range = /^([^.]+)\.\.([^.]+)$/.exec(text);
  if (range) {
    const [from, to] = [at(range[1]!), at(range[2]!)];
    if (bad(from) || bad(to)) return undefined;
    return (ms) => (from === undefined || ms >= from) && (to === undefined || ms <= to);
  }
  const compare = /^(>=|<=|>|<)(.+)$/.exec(text);
  if (compare) {
    const t = Date.parse(compare[2]!);
    if (Number.isNaN(t)) return undefined;
    const op = compare[1];
    return (ms) => (op === ">=" ? ms >= t : op === ">" ? ms > t : op === "<=" ? ms <= t : ms < t);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) return undefined;
  const day = Date.parse(`${text}T00:00:00Z`);
  return (ms) => ms >= day && ms < day + 86_400_000;
}

/** A run as the API lists it: `pull_requests` names only this repository's own branches, never a fork's. */
export function runJson(m: GithubModel, r: GithubModel["runs"][number]) {
  const pulls =
    r.head_repository !== REPOSITORY
      ? []
      : m.pulls.filter(
          (p) => p.state === "open" && p.head.repo === REPOSITORY && p.head.ref === r.head_branch,
        );
  return {
    ...r,
    run_number: runNumber(m, r),
    name: r.path.replace(/^.*\//, "").replace(/\.yml$/, ""),
    html_url: `https://github.com/${REPOSITORY}/actions/runs/${r.id}`,
    head_repository: { full_name: r.head_repository },
    pull_requests: pulls.map((p) => ({
      number: p.number,
      head: { ref: p.head.ref, sha: p.head.sha },
      base: { ref: p.base.ref, sha: m.branch(REPOSITORY, p.base.ref) },
    })),
  };
}

/** `per_page` (at most 100, 30 by default) and `page`, with the `Link` header octokit follows. */
function page(items: unknown[], query: URLSearchParams, url: URL | undefined): Answer {
  const perPage = Math.min(Number(query.get("per_page") ?? 30), 100);
  const n = Number(query.get("page") ?? 1);
  const data = items.slice((n - 1) * perPage, n * perPage);
  if (!url || n * perPage >= items.length) return ok(data);
  const next = new URL(url);
  next.searchParams.set("page", String(n + 1));
  return { status: 200, data, headers: { link: `<${next}>; rel="next"` } };
}
