import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import Bottleneck from "bottleneck";
import { SHORT_WAIT_SECONDS } from "./rate-limit.ts";

/**
 * Octokit with retries: 5xx and 429 by the retry plugin, rate limits (403/429 with headers) by
 * throttling, which waits only a short while: a run never sleeps toward a reset an hour away
 * inside a job with a 10-minute timeout (see rate-limit.ts for what it does instead).
 */
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
      // Writes and GraphQL queries one at a time, a step apart, and those that notify (comments,
      // pull requests) three steps apart: the plugin's own 1 s and 3 s on GitHub, as GitHub asks
      // of content writes; tests shorten the step with the retry base.
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: retryAfterBaseValue }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 3 * retryAfterBaseValue }),
      onRateLimit: (after: number, request: { method: string; url: string }, _: unknown, count: number) => {
        log(
          `rate limited on ${request.method} ${request.url}; ${after <= SHORT_WAIT_SECONDS && count < 3 ? `retry ${count + 1} after ${after} s` : `not waiting ${after} s`}`,
        );
        return after <= SHORT_WAIT_SECONDS && count < 3;
      },
      onSecondaryRateLimit: (
        after: number,
        request: { method: string; url: string },
        _: unknown,
        count: number,
      ) => {
        log(
          `secondary rate limit on ${request.method} ${request.url}; ${after <= SHORT_WAIT_SECONDS && count < 3 ? `retry ${count + 1} after ${after} s` : `not waiting ${after} s`}`,
        );
        return after <= SHORT_WAIT_SECONDS && count < 3;
      },
    },
  });
  return { octokit, repoArgs: { owner, repo } };
}

/** The REST calls left outside GraphQL: the Validate runs of a commit (for find-validate-run). */
export function githubApi(options: ApiOptions) {
  const { octokit, repoArgs } = githubClient(options);

  return {
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
  };
}

export type GithubApi = ReturnType<typeof githubApi>;

export type GithubClient = ReturnType<typeof githubClient>;
type Client = Pick<GithubClient, "octokit" | "repoArgs">;
export type MarkedComment = { id: number; body: string };

/**
 * Updates `found` (the intake's comment, as its read found it) when its text changes, or creates
 * the comment when there is none; undefined when nothing needed writing.
 */
export async function writeMarkedComment(
  { octokit, repoArgs }: Client,
  number: number,
  found: MarkedComment | undefined,
  body: string,
): Promise<CommentResult | undefined> {
  // The same words again (a run the sweep started again, an edit that changed nothing): no write.
  if (found?.body === body) return undefined;
  if (found) {
    const { data } = await octokit.rest.issues.updateComment({ ...repoArgs, comment_id: found.id, body });
    return { id: data.id, url: data.html_url, created: false };
  }
  const { data } = await octokit.rest.issues.createComment({ ...repoArgs, issue_number: number, body });
  return { id: data.id, url: data.html_url, created: true };
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
