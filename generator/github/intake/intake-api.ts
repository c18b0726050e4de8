import {
  absentOn404,
  COMMENT_AUTHOR,
  findMarkedComment,
  githubClient,
  writeMarkedComment,
  type ApiOptions,
  type MarkedComment,
} from "../github-api.ts";

/** The GitHub calls the intake makes: one branch, one commit, one pull request, one comment per issue. */
export function intakeApi(options: ApiOptions) {
  const client = githubClient(options);
  const { octokit, repoArgs } = client;
  return {
    async branchSha(branch: string): Promise<string | undefined> {
      const found = await absentOn404(octokit.rest.git.getRef({ ...repoArgs, ref: `heads/${branch}` }));
      return found?.data.object.sha;
    },

    /** Points `branch` at `sha`, making it if it is new: each run starts the branch again from the base. */
    async resetBranch(branch: string, sha: string, exists: boolean): Promise<void> {
      if (exists) await octokit.rest.git.updateRef({ ...repoArgs, ref: `heads/${branch}`, sha, force: true });
      else await octokit.rest.git.createRef({ ...repoArgs, ref: `refs/heads/${branch}`, sha });
    },

    /**
     * One commit on `branch` that writes `path`. GitHub refuses to replace a file without its
     * current blob `sha` (422) or with a stale one (409), so an update reads it from the branch first.
     */
    async putFile(branch: string, path: string, text: string, message: string): Promise<void> {
      const sha = await blobSha(path, branch);
      await octokit.rest.repos.createOrUpdateFileContents({
        ...repoArgs,
        branch,
        path,
        message,
        content: Buffer.from(text, "utf8").toString("base64"),
        ...(sha === undefined ? {} : { sha }),
      });
    },

    /** Sets the pull request's title and body to what it now changes. */
    async updatePull(number: number, pull: { title: string; body: string }): Promise<void> {
      await octokit.rest.pulls.update({
        ...repoArgs,
        pull_number: number,
        title: pull.title,
        body: pull.body,
      });
    },

    /** The intake's own comment on the issue (a bot's, starting with `marker`), if any. */
    ownComment: (issue: number, marker: string) => findMarkedComment(client, issue, marker, isOurs),

    async openPull(branch: string): Promise<{ number: number; url: string } | undefined> {
      const { data } = await octokit.rest.pulls.list({
        ...repoArgs,
        head: `${repoArgs.owner}:${branch}`,
        state: "open",
        per_page: 1,
      });
      const pr = data[0];
      return pr && { number: pr.number, url: pr.html_url };
    },

    async createPull(pull: { branch: string; base: string; title: string; body: string }) {
      const { data } = await octokit.rest.pulls.create({
        ...repoArgs,
        head: pull.branch,
        base: pull.base,
        title: pull.title,
        body: pull.body,
      });
      return { number: data.number, url: data.html_url };
    },

    /** Starts Validate on the branch's head, for a pull request opened with GITHUB_TOKEN (see intake.yml). */
    async dispatchValidate(
      branch: string,
      inputs: { pull_request: string; base_sha: string },
    ): Promise<void> {
      await octokit.rest.actions.createWorkflowDispatch({
        ...repoArgs,
        workflow_id: "validate.yml",
        ref: branch,
        inputs,
      });
    },

    /** Updates the intake's comment `found` by `ownComment` (read once per run), or creates it. */
    writeComment: (issue: number, found: MarkedComment | undefined, body: string) =>
      writeMarkedComment(client, issue, found, body),
  };

  /** The blob SHA of `path` on `branch`, or undefined when the branch has no such file. */
  async function blobSha(path: string, branch: string): Promise<string | undefined> {
    const found = await absentOn404(octokit.rest.repos.getContent({ ...repoArgs, path, ref: branch }));
    return !found || Array.isArray(found.data) ? undefined : found.data.sha;
  }
}

/** An App's token comments as `<app>[bot]`, GITHUB_TOKEN as github-actions[bot]. */
const isOurs = (user: { login: string; type: string }) =>
  user.type === "Bot" || user.login === COMMENT_AUTHOR;

export type IntakeApi = ReturnType<typeof intakeApi>;
