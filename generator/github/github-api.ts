import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { changeStatus, type ChangedFile } from "../ownership/changed-file.ts";
import type { Review } from "../ownership/organiser-approval.ts";

/** Octokit with retries: 5xx and 429 by the retry plugin, rate limits (403/429 with headers) by throttling. */
const Client = Octokit.plugin(retry, throttling);

export interface ApiOptions {
  token: string;
  /** `GITHUB_API_URL`: api.github.com, an Enterprise server, or a test's stand-in. */
  baseUrl: string;
  /** `owner/name`. */
  repository: string;
  /** Milliseconds per retry step (1000 on GitHub); tests shorten it. */
  retryBaseMs?: number;
  log?: (line: string) => void;
}

export interface ValidateRun {
  id: number;
  url: string;
  event: string;
  headBranch: string;
  pullRequests: number[];
  /** Completed with a verdict (success or failure), so its report can be read. */
  finished: boolean;
  createdAt: string;
}

export interface PullRequest {
  number: number;
  author: string;
  headSha: string;
  /** The branch it targets; only the default branch is guarded, and ownership is read from it. */
  baseRef: string;
  state: string;
  /** How many files GitHub counts as changed; the file list stops at 3,000 of them. */
  changedFiles: number;
  /** The branch it comes from, and that branch's repository (`owner/name`; a fork's differs). */
  headRef: string;
  headRepository: string;
}

/**
 * GitHub's test merge of an open pull request into its base (refs/pull/N/merge, what Validate
 * checks): `mergeable` is null while GitHub computes it, false on a conflict; only when it is
 * true does `merge_commit_sha` name the test merge.
 */
export interface TestMerge {
  mergeable: boolean | null;
  mergeCommitSha: string | null;
}

/** The one account whose comment Report updates: the Actions bot that `GITHUB_TOKEN` posts as. */
export const COMMENT_AUTHOR = "github-actions[bot]";

export type StatusState = "success" | "failure" | "error";

export type CommentResult = { id: number; url: string; created: boolean };

/** Octokit for one repository, with the retry and rate-limit handling every workflow shares. */
export function githubClient(options: ApiOptions) {
  const [owner = "", repo = ""] = options.repository.split("/");
  const log = options.log ?? (() => {});
  const retryAfterBaseValue = options.retryBaseMs ?? 1000;
  const octokit = new Client({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    userAgent: "hackathon-registry",
    // Failed requests are thrown to the caller, which knows whether a 404 means "absent"; the
    // request log would print every expected 404 as an error.
    log: { debug: () => {}, info: () => {}, warn: log, error: () => {} },
    retry: { retryAfterBaseValue },
    throttle: {
      retryAfterBaseValue,
      onRateLimit: (after: number, request: { method: string; url: string }, _: unknown, count: number) => {
        log(`rate limited on ${request.method} ${request.url}; retry ${count + 1} after ${after} s`);
        return count < 3;
      },
      onSecondaryRateLimit: (
        after: number,
        request: { method: string; url: string },
        _: unknown,
        count: number,
      ) => {
        log(`secondary rate limit on ${request.method} ${request.url}; retry ${count + 1} after ${after} s`);
        return count < 3;
      },
    },
  });
  return { octokit, repoArgs: { owner, repo } };
}

/** The few GitHub calls the Report workflow makes, each a plain function of plain data. */
export function githubApi(options: ApiOptions) {
  const { octokit, repoArgs } = githubClient(options);

  return {
    async pullRequest(number: number): Promise<PullRequest & TestMerge> {
      const { data } = await octokit.rest.pulls.get({ ...repoArgs, pull_number: number });
      return {
        ...pullOf(data),
        changedFiles: data.changed_files,
        mergeable: data.mergeable,
        mergeCommitSha: data.mergeable === true ? data.merge_commit_sha : null,
      };
    },

    /**
     * Every open pull request whose head is `sha`, into any branch: a commit's status shows on all
     * of them, so its verdict must hold for all of them. GitHub's list has no head-SHA filter.
     */
    async openPullsWithHead(sha: string): Promise<Array<Omit<PullRequest, "changedFiles">>> {
      const pulls = await octokit.paginate(octokit.rest.pulls.list, {
        ...repoArgs,
        state: "open",
        per_page: 100,
      });
      return pulls.filter((p) => p.head.sha === sha).map(pullOf);
    },

    /** The repository's default branch, when the event does not say. */
    async defaultBranch(): Promise<string> {
      const { data } = await octokit.rest.repos.get(repoArgs);
      return data.default_branch;
    },

    /** Who opened an issue. */
    async issueAuthor(number: number): Promise<string> {
      const { data } = await octokit.rest.issues.get({ ...repoArgs, issue_number: number });
      return data.user?.login ?? "";
    },

    async changedFiles(number: number): Promise<ChangedFile[]> {
      const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
        ...repoArgs,
        pull_number: number,
        per_page: 100,
      });
      return files.map((f) => {
        const file: ChangedFile = { path: f.filename, status: changeStatus(f.status) };
        if (f.previous_filename) file.previousPath = f.previous_filename;
        return file;
      });
    },

    async reviews(number: number): Promise<Review[]> {
      const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
        ...repoArgs,
        pull_number: number,
        per_page: 100,
      });
      return reviews.map((r) => ({
        author: r.user?.login ?? "",
        state: r.state,
        commitId: r.commit_id ?? "",
      }));
    },

    /**
     * Every Validate run for a commit, newest first, finished or not: from a pull request, or
     * dispatched by the intake on its branch. `pullRequests` is empty for a fork's run (GitHub
     * names none). `createdAt` is when GitHub created the run for the event; a re-run keeps it.
     */
    async validateRuns(headSha: string): Promise<ValidateRun[]> {
      const runs = await octokit.paginate(octokit.rest.actions.listWorkflowRuns, {
        ...repoArgs,
        workflow_id: "validate.yml",
        head_sha: headSha,
        per_page: 100,
      });
      return runs.map((r) => ({
        id: r.id,
        url: r.html_url,
        event: r.event,
        headBranch: r.head_branch ?? "",
        pullRequests: (r.pull_requests ?? []).map((p) => p.number),
        finished: r.status === "completed" && (r.conclusion === "success" || r.conclusion === "failure"),
        createdAt: r.created_at,
      }));
    },

    /** A file's text at a ref, or undefined when it is absent there (or not a small file). */
    async fileText(path: string, ref: string): Promise<string | undefined> {
      const found = await absentOn404(octokit.rest.repos.getContent({ ...repoArgs, path, ref }));
      const data = found?.data;
      if (!data || Array.isArray(data) || data.type !== "file" || !("content" in data)) return undefined;
      if (data.encoding !== "base64") return undefined;
      return Buffer.from(data.content, "base64").toString("utf8");
    },

    /** Updates the one comment that starts with `marker` and was written by the Actions bot, or creates it. */
    upsertComment: (number: number, marker: string, body: string): Promise<CommentResult> =>
      upsertMarkedComment(
        { octokit, repoArgs },
        number,
        { marker, body },
        (user) => user.login === COMMENT_AUTHOR,
      ),

    async setStatus(
      sha: string,
      status: { state: StatusState; context: string; description: string; targetUrl: string },
    ): Promise<void> {
      await octokit.rest.repos.createCommitStatus({
        ...repoArgs,
        sha,
        state: status.state,
        context: status.context,
        description: [...status.description].slice(0, 140).join(""),
        target_url: status.targetUrl,
      });
    },
  };
}

export type GithubApi = ReturnType<typeof githubApi>;

interface PullData {
  number: number;
  state: string;
  user: { login: string } | null;
  head: { sha: string; ref: string; repo: { full_name: string } | null };
  base: { ref: string };
}

function pullOf(data: PullData): Omit<PullRequest, "changedFiles"> {
  return {
    number: data.number,
    author: data.user?.login ?? "",
    headSha: data.head.sha,
    baseRef: data.base.ref,
    state: data.state,
    headRef: data.head.ref,
    headRepository: data.head.repo?.full_name ?? "",
  };
}

type Client = ReturnType<typeof githubClient>;
export type MarkedComment = { id: number; body: string };

/** The one comment on issue or pull request `number` that starts with `marker` and whose author `ours` accepts. */
export async function findMarkedComment(
  { octokit, repoArgs }: Client,
  number: number,
  marker: string,
  ours: (user: { login: string; type: string }) => boolean,
): Promise<MarkedComment | undefined> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repoArgs,
    issue_number: number,
    per_page: 100,
  });
  const found = comments.find((c) => c.user && ours(c.user) && c.body?.startsWith(marker));
  return found && { id: found.id, body: found.body ?? "" };
}

/** Updates `found` (from `findMarkedComment`), or creates the comment when there is none. */
export async function writeMarkedComment(
  { octokit, repoArgs }: Client,
  number: number,
  found: MarkedComment | undefined,
  body: string,
): Promise<CommentResult> {
  if (found) {
    const { data } = await octokit.rest.issues.updateComment({ ...repoArgs, comment_id: found.id, body });
    return { id: data.id, url: data.html_url, created: false };
  }
  const { data } = await octokit.rest.issues.createComment({ ...repoArgs, issue_number: number, body });
  return { id: data.id, url: data.html_url, created: true };
}

/**
 * Updates the one comment on issue or pull request `number` that starts with `marker` and whose
 * author `ours` accepts, or creates it: each workflow keeps one comment, never a trail of them.
 */
export async function upsertMarkedComment(
  client: Client,
  number: number,
  comment: { marker: string; body: string },
  ours: (user: { login: string; type: string }) => boolean,
): Promise<CommentResult> {
  const found = await findMarkedComment(client, number, comment.marker, ours);
  return writeMarkedComment(client, number, found, comment.body);
}

/** The value of a read, or undefined when GitHub answers 404 (absent); any other failure is thrown. */
export async function absentOn404<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

/** The API as a workflow step reaches it: `GITHUB_TOKEN`, `GITHUB_API_URL`, `GITHUB_REPOSITORY`. */
export function githubApiFromEnv(env: NodeJS.ProcessEnv, log: (line: string) => void): GithubApi {
  return githubApi(apiOptionsFromEnv(env, log));
}

export function apiOptionsFromEnv(env: NodeJS.ProcessEnv, log: (line: string) => void): ApiOptions {
  const need = (name: string) => {
    const value = env[name];
    if (value === undefined || value === "") throw new Error(`${name} is not set`);
    return value;
  };
  const retryBaseMs = retryBaseMsOf(env);
  return {
    token: need("GITHUB_TOKEN"),
    baseUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    repository: need("GITHUB_REPOSITORY"),
    log,
    ...(retryBaseMs === undefined ? {} : { retryBaseMs }),
  };
}

/** Milliseconds per retry step: 1000 on GitHub, shortened by tests through REGISTRY_RETRY_BASE_MS. */
export function retryBaseMsOf(env: NodeJS.ProcessEnv): number | undefined {
  return env.REGISTRY_RETRY_BASE_MS ? Number(env.REGISTRY_RETRY_BASE_MS) : undefined;
}
