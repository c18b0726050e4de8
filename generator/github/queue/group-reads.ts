import type { GithubClient } from "../github-api.ts";
import { login, type Node } from "../graphql-nodes.ts";
import type { GroupChange, GroupEntry, HeadVerdict } from "./judge-group.ts";

/**
 * What Report reads on GitHub to judge a merge group, inside its budget of 3 GraphQL points and
 * 6 REST requests a group of any size: the queue's entries with each pull request's files (one
 * point: 100 entries and their files are 101 connections), the group's changes against its base
 * (one REST compare), then each pull request's ownership status and the blobs of the paths it
 * changes at its head (one point: no connection). A group Validate refused needs only its own
 * pull request, found from the group commit's parents (one point).
 */
type Client = Pick<GithubClient, "octokit" | "repoArgs">;
const PAGE = 100;

const QUEUE_QUERY = `query GroupQueue($owner: String!, $name: String!, $branch: String!) {
  repository(owner: $owner, name: $name) {
    mergeQueue(branch: $branch) {
      entries(first: ${PAGE}) {
        nodes {
          position
          headCommit { oid }
          pullRequest {
            number
            headRefOid
            author { login }
            files(first: ${PAGE}) { totalCount nodes { path } }
          }
        }
      }
    }
  }
}`;

interface QueueAnswer {
  repository: {
    mergeQueue: {
      entries: {
        nodes: Array<{
          position: number;
          headCommit: { oid: string } | null;
          pullRequest: {
            number: number;
            headRefOid: string;
            author: { login: string } | null;
            files: { totalCount: number; nodes: Array<{ path: string }> } | null;
          } | null;
        }>;
      };
    } | null;
  };
}

/** The queue's entries for the base branch, front first (none when the branch has no queue). */
export async function readQueue({ octokit, repoArgs }: Client, branch: string): Promise<GroupEntry[]> {
  const answer: QueueAnswer = await octokit.graphql(QUEUE_QUERY, {
    owner: repoArgs.owner,
    name: repoArgs.repo,
    branch,
  });
  return (answer.repository.mergeQueue?.entries.nodes ?? []).flatMap((n) =>
    n.pullRequest
      ? [
          {
            position: n.position,
            number: n.pullRequest.number,
            author: n.pullRequest.author?.login ?? "",
            headSha: n.pullRequest.headRefOid,
            groupSha: n.headCommit?.oid ?? null,
            files:
              n.pullRequest.files && n.pullRequest.files.totalCount <= PAGE
                ? n.pullRequest.files.nodes.map((f) => f.path)
                : undefined,
          },
        ]
      : [],
  );
}

/** GitHub lists at most 300 files of a comparison; past that the group cannot be judged. */
export const MAX_COMPARE_FILES = 300;

/** What the group's head changes against the base branch (three dots: since their merge base). */
export async function readChanges({ octokit, repoArgs }: Client, base: string, head: string) {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repoArgs,
    basehead: `${base}...${head}`,
  });
  const files = data.files ?? [];
  if (files.length >= MAX_COMPARE_FILES) return undefined;
  return files.map((f): GroupChange => ({ path: f.filename, status: f.status, sha: f.sha ?? "" }));
}

/** Each pull request's ownership status at its head, and the blobs there of the paths it changes. */
export async function readContent(
  { octokit, repoArgs }: Client,
  entries: readonly GroupEntry[],
  paths: ReadonlySet<string>,
  context: string,
) {
  const variables: Record<string, string> = { owner: repoArgs.owner, name: repoArgs.repo, context };
  const declared = ["$owner: String!", "$name: String!", "$context: String!"];
  const parts = entries.map((e, i) => {
    variables[`o${i}`] = e.headSha;
    declared.push(`$o${i}: GitObjectID!`);
    const files = (e.files ?? []).filter((p) => paths.has(p));
    const fileParts = files.map((p, j) => {
      variables[`p${i}_${j}`] = p;
      declared.push(`$p${i}_${j}: String!`);
      return `f${j}: file(path: $p${i}_${j}) { oid }`;
    });
    return {
      e,
      files,
      text: `c${i}: object(oid: $o${i}) { ... on Commit { status { context(name: $context) { state description creator { login __typename } } } ${fileParts.join(" ")} } }`,
    };
  });
  const query = `query GroupContent(${declared.join(", ")}) { repository(owner: $owner, name: $name) { ${parts.map((p) => p.text).join(" ")} } }`;
  // `any`-free: each alias is read by name from the answer.
  const answer: { repository: Record<string, Record<string, unknown> | null> } = await octokit.graphql(
    query,
    variables,
  );
  const verdicts = new Map<number, HeadVerdict | null>();
  const blobs = new Map<string, string | null>();
  parts.forEach(({ e, files }, i) => {
    const commit = answer.repository[`c${i}`];
    const status = (
      commit?.status as {
        context: { state: string; description: string | null; creator: Node | null } | null;
      } | null
    )?.context;
    verdicts.set(
      e.number,
      status
        ? {
            state: status.state.toLowerCase(),
            creator: login(status.creator),
            description: status.description ?? "",
          }
        : null,
    );
    files.forEach((path, j) =>
      blobs.set(`${e.number} ${path}`, (commit?.[`f${j}`] as { oid: string } | null)?.oid ?? null),
    );
  });
  return { verdicts, blobs };
}

const OWN_QUERY = `query GroupOwnPull($owner: String!, $name: String!, $number: Int!, $head: GitObjectID!) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) { number headRefOid author { login } files(first: 100) { nodes { path } } }
    object(oid: $head) { ... on Commit { parents(first: 2) { nodes { oid } } } }
  }
}`;

/**
 * The pull request a group was built for, by its branch's number, confirmed by GitHub: the group's
 * head is GitHub's merge commit whose second parent is that pull request's head. Undefined when
 * they disagree (the queue may already have dropped the entry, so it is not read from there).
 */
export async function readOwnPull({ octokit, repoArgs }: Client, number: number, head: string) {
  const answer: {
    repository: {
      pullRequest: {
        number: number;
        headRefOid: string;
        author: { login: string } | null;
        files: { nodes: Array<{ path: string }> } | null;
      } | null;
      object: { parents?: { nodes: Array<{ oid: string }> } } | null;
    };
  } = await octokit.graphql(OWN_QUERY, { owner: repoArgs.owner, name: repoArgs.repo, number, head });
  const pr = answer.repository.pullRequest;
  const parents = answer.repository.object?.parents?.nodes.map((p) => p.oid) ?? [];
  if (!pr || parents.length !== 2 || parents[1] !== pr.headRefOid) return undefined;
  // The files it changes (the first 100): which records in a clash are its own.
  const files = pr.files?.nodes.map((f) => f.path) ?? [];
  return { number: pr.number, author: pr.author?.login ?? "", files };
}
