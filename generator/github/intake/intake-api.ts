import {
  COMMENT_AUTHOR,
  githubClient,
  writeMarkedComment,
  type ApiOptions,
  type MarkedComment,
} from "../github-api.ts";
import { INTAKE_QUERY } from "../pull-query.ts";
import { commentOf, nodes } from "../graphql-nodes.ts";

/** What the intake reads before it writes, in one GraphQL query (see pull-query.ts). */
export interface IntakeState {
  /** The intake's own comment on the issue, if any. */
  comment: MarkedComment | undefined;
  /** Whether the intake's branch exists. */
  branchExists: boolean;
  /** The open pull request from the intake's branch into the default branch. */
  pull: { number: number; url: string } | undefined;
  /** The tree of the commit the record is built on. */
  treeOid: string;
}

/**
 * The GitHub calls the intake makes: one read, then one tree, one commit, one branch, one pull
 * request, one comment per issue (and Validate's dispatch without an App): at most 7 REST requests.
 */
export function intakeApi(options: ApiOptions) {
  const client = githubClient(options);
  const { octokit, repoArgs } = client;
  return {
    /** Everything the intake reads, for issue `issue`, branch `branch` into `base`, built on commit `read`. */
    async state(at: {
      issue: number;
      branch: string;
      base: string;
      read: string;
      marker: string;
    }): Promise<IntakeState> {
      const data = (await octokit.graphql(INTAKE_QUERY, {
        owner: repoArgs.owner,
        name: repoArgs.repo,
        issue: at.issue,
        branch: at.branch,
        qualified: `refs/heads/${at.branch}`,
        base: at.base,
        read: at.read,
      })) as { repository: Record<string, { [key: string]: unknown } | null> };
      const repo = data.repository;
      const comments = (repo.issue?.comments ?? null) as { pageInfo?: { hasNextPage?: boolean } } | null;
      // A hundred comments on a registration issue: the intake's own is among the first it made.
      if (comments?.pageInfo?.hasNextPage)
        throw new Error(`issue #${at.issue} has over a hundred comments; an organiser must take it in`);
      const found = nodes(comments)
        .map(commentOf)
        .find((c) => isOurs(c) && c.body.startsWith(at.marker));
      // GitHub lists a pull request from a fork's branch of the same name too: only this repository's counts.
      const pull = nodes(repo.pullRequests).find(
        (p) =>
          (p.headRepository as { nameWithOwner?: string } | null)?.nameWithOwner ===
          `${repoArgs.owner}/${repoArgs.repo}`,
      );
      const tree = (repo.object?.tree as { oid?: string } | undefined)?.oid;
      if (!tree) throw new Error(`commit ${at.read} was not found`);
      return {
        comment: found && { id: found.id, body: found.body },
        branchExists: repo.ref !== null && repo.ref !== undefined,
        pull: pull && { number: Number(pull.number), url: String(pull.url) },
        treeOid: tree,
      };
    },

    /**
     * A new commit on top of `parent` (whose tree is `tree`) that writes `path`, made through the Git
     * Data API so its parent is the commit the intake read, whatever the branch or the default branch hold now.
     */
    async commitFile(
      parent: string,
      tree: string,
      path: string,
      text: string,
      message: string,
    ): Promise<string> {
      const { data: made } = await octokit.rest.git.createTree({
        ...repoArgs,
        base_tree: tree,
        tree: [{ path, mode: "100644", type: "blob", content: text }],
      });
      const { data: commit } = await octokit.rest.git.createCommit({
        ...repoArgs,
        message,
        tree: made.sha,
        parents: [parent],
      });
      return commit.sha;
    },

    /**
     * Points `branch` at `sha`, making it if it is new. `sha` is always a new commit, never one the
     * base holds: GitHub closes a pull request whose head has no commits left, and may mark it merged.
     */
    async pointBranch(branch: string, sha: string, exists: boolean): Promise<void> {
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
const isOurs = (c: { author: string; bot: boolean }) => c.bot || c.author === COMMENT_AUTHOR;

export type IntakeApi = ReturnType<typeof intakeApi>;
