import { COMMENT_AUTHOR, githubClient, upsertMarkedComment, type ApiOptions } from "../github-api.ts";

/** The GitHub calls the intake makes: one branch, one commit, one pull request, one comment per issue. */
export function intakeApi(options: ApiOptions) {
  const client = githubClient(options);
  const { octokit, repoArgs } = client;
  return {
    async branchSha(branch: string): Promise<string | undefined> {
      try {
        const { data } = await octokit.rest.git.getRef({ ...repoArgs, ref: `heads/${branch}` });
        return data.object.sha;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },

    /** Points `branch` at `sha`, making it if it is new: each run starts the branch again from the base. */
    async resetBranch(branch: string, sha: string, exists: boolean): Promise<void> {
      if (exists) await octokit.rest.git.updateRef({ ...repoArgs, ref: `heads/${branch}`, sha, force: true });
      else await octokit.rest.git.createRef({ ...repoArgs, ref: `refs/heads/${branch}`, sha });
    },

    /** One commit on `branch` that writes `path`. */
    async putFile(branch: string, path: string, text: string, message: string): Promise<void> {
      await octokit.rest.repos.createOrUpdateFileContents({
        ...repoArgs,
        branch,
        path,
        message,
        content: Buffer.from(text, "utf8").toString("base64"),
      });
    },

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

    /** Updates the intake's one comment on the issue (it starts with `marker`), or creates it. */
    upsertComment: (issue: number, marker: string, body: string) =>
      // An App's token comments as `<app>[bot]`, GITHUB_TOKEN as github-actions[bot].
      upsertMarkedComment(
        client,
        issue,
        { marker, body },
        (user) => user.type === "Bot" || user.login === COMMENT_AUTHOR,
      ),
  };
}

export type IntakeApi = ReturnType<typeof intakeApi>;
