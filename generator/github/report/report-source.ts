import { changeStatus, type ChangedFile } from "../../ownership/changed-file.ts";
import { githubClient, type ApiOptions, type GithubClient } from "../github-api.ts";
import { OWNERSHIP_CONTEXT, type Writes } from "./report-on-commit.ts";
import type { PullSource } from "./judge-pull.ts";

/**
 * What Report reads and writes on GitHub: reads by GraphQL (see pull-query.ts), except the REST
 * file list a rename needs; writes by REST, the only way to set a commit status.
 */
export function reportSource(options: ApiOptions): PullSource &
  Writes & {
    defaultBranch(): Promise<string>;
    restBudget(): Promise<{ remaining: number; reset: number }>;
    client: GithubClient;
  } {
  const client = githubClient(options);
  const { octokit, repoArgs } = client;
  return {
    client,
    repository: options.repository,
    graphql: (query, variables) => octokit.graphql(query, variables),
    async restFiles(number: number): Promise<ChangedFile[]> {
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
    async setStatus(sha, status) {
      await octokit.rest.repos.createCommitStatus({
        ...repoArgs,
        sha,
        state: status.state,
        context: OWNERSHIP_CONTEXT,
        description: status.description,
        target_url: status.targetUrl,
      });
    },
    async writeComment(number, id, body) {
      if (id !== undefined) {
        const { data } = await octokit.rest.issues.updateComment({ ...repoArgs, comment_id: id, body });
        return data.html_url;
      }
      const { data } = await octokit.rest.issues.createComment({ ...repoArgs, issue_number: number, body });
      return data.html_url;
    },
    /** The hour's REST budget left, from GET /rate_limit, which GitHub does not count against it. */
    async restBudget(): Promise<{ remaining: number; reset: number }> {
      const { data } = await octokit.rest.rateLimit.get();
      return { remaining: data.resources.core.remaining, reset: data.resources.core.reset };
    },
    /** The repository's default branch, when the event does not say. */
    async defaultBranch(): Promise<string> {
      const { data } = await octokit.rest.repos.get(repoArgs);
      return data.default_branch;
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
