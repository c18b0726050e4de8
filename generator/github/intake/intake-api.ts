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
    /**
     * A new commit on top of `parent` that writes `path`, made through the Git Data API so its
     * parent is the commit the intake read, whatever the branch or the default branch hold now.
     */
    async commitFile(parent: string, path: string, text: string, message: string): Promise<string> {
      const { data: commit } = await octokit.rest.git.getCommit({ ...repoArgs, commit_sha: parent });
      const { data: tree } = await octokit.rest.git.createTree({
        ...repoArgs,
        base_tree: commit.tree.sha,
        tree: [{ path, mode: "100644", type: "blob", content: text }],
      });
      const { data: made } = await octokit.rest.git.createCommit({
        ...repoArgs,
        message,
        tree: tree.sha,
        parents: [parent],
      });
      return made.sha;
    },

    /**
     * Points `branch` at `sha`, making it if it is new. `sha` is always a new commit, never one the
     * base holds: GitHub closes a pull request whose head has no commits left, and may mark it merged.
     */
    async pointBranch(branch: string, sha: string): Promise<void> {
      const exists =
        (await absentOn404(octokit.rest.git.getRef({ ...repoArgs, ref: `heads/${branch}` }))) !== undefined;
      if (exists) await octokit.rest.git.updateRef({ ...repoArgs, ref: `heads/${branch}`, sha, force: true });
      else await octokit.rest.git.createRef({ ...repoArgs, ref: `refs/heads/${branch}`, sha });
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

    /**
     * The open pull request from the intake's branch into the default branch. Anyone may open one
     * from that branch into another base; GitHub allows one open pull request per head and base.
     */
    async openPull(branch: string, base: string): Promise<{ number: number; url: string } | undefined> {
      const { data } = await octokit.rest.pulls.list({
        ...repoArgs,
        head: `${repoArgs.owner}:${branch}`,
        base,
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
}

/** An App's token comments as `<app>[bot]`, GITHUB_TOKEN as github-actions[bot]. */
const isOurs = (user: { login: string; type: string }) =>
  user.type === "Bot" || user.login === COMMENT_AUTHOR;

export type IntakeApi = ReturnType<typeof intakeApi>;
