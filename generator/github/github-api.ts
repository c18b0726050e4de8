import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { changeStatus, type ChangedFile } from "../ownership/changed-file.ts";

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

export interface PullRequest {
  number: number;
  author: string;
  headSha: string;
  /** The branch it targets; ownership is read from that branch as it is now. */
  baseRef: string;
  state: string;
}

export type CommentResult = { id: number; url: string; created: boolean };

/** The few GitHub calls the Report workflow makes, each a plain function of plain data. */
export function githubApi(options: ApiOptions) {
  const [owner = "", repo = ""] = options.repository.split("/");
  const log = options.log ?? (() => {});
  const retryAfterBaseValue = options.retryBaseMs ?? 1000;
  const octokit = new Client({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    userAgent: "hackathon-registry-report",
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
  const repoArgs = { owner, repo };

  return {
    async pullRequest(number: number): Promise<PullRequest> {
      const { data } = await octokit.rest.pulls.get({ ...repoArgs, pull_number: number });
      return {
        number: data.number,
        author: data.user?.login ?? "",
        headSha: data.head.sha,
        baseRef: data.base.ref,
        state: data.state,
      };
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

    /** A file's text at a ref, or undefined when it is absent there (or not a small file). */
    async fileText(path: string, ref: string): Promise<string | undefined> {
      try {
        const { data } = await octokit.rest.repos.getContent({ ...repoArgs, path, ref });
        if (Array.isArray(data) || data.type !== "file" || !("content" in data)) return undefined;
        if (data.encoding !== "base64") return undefined;
        return Buffer.from(data.content, "base64").toString("utf8");
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },

    /** Updates the one comment that starts with `marker` and was written by a bot, or creates it. */
    async upsertComment(number: number, marker: string, body: string): Promise<CommentResult> {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        ...repoArgs,
        issue_number: number,
        per_page: 100,
      });
      const ours = comments.find((c) => c.user?.type === "Bot" && c.body?.startsWith(marker));
      if (ours) {
        const { data } = await octokit.rest.issues.updateComment({ ...repoArgs, comment_id: ours.id, body });
        return { id: data.id, url: data.html_url, created: false };
      }
      const { data } = await octokit.rest.issues.createComment({ ...repoArgs, issue_number: number, body });
      return { id: data.id, url: data.html_url, created: true };
    },

    async setStatus(
      sha: string,
      status: { state: "success" | "failure"; context: string; description: string; targetUrl: string },
    ): Promise<void> {
      await octokit.rest.repos.createCommitStatus({
        ...repoArgs,
        sha,
        state: status.state,
        context: status.context,
        description: status.description.slice(0, 140),
        target_url: status.targetUrl,
      });
    },
  };
}

export type GithubApi = ReturnType<typeof githubApi>;
