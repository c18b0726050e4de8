import type { ChangedFile } from "../ownership/changed-file.ts";
import type { Review } from "../ownership/organiser-approval.ts";
import { MORE_QUERY } from "./pull-query.ts";
import { commentOf, fileOf, nodes, type Comment } from "./graphql-nodes.ts";
import type { Graphql, Snapshot } from "./pull-snapshot.ts";

/** GitHub's REST file list stops at 3,000 files; GraphQL's pages go as far, a hundred a query. */
const MAX_PAGES = 30;

type List = "files" | "reviews" | "comments";
interface Source {
  graphql: Graphql;
  restFiles: (number: number) => Promise<ChangedFile[]>;
  repository: string;
}

/**
 * The rest of a list the first read cut at a hundred, page by page. A pull request with a hundred
 * files, reviews or comments is rare; the first read's cursor is not kept, so paging starts over
 * and skips what it has.
 */
async function rest(source: Source, number: number, list: List): Promise<Array<Record<string, unknown>>> {
  const [owner, name] = source.repository.split("/");
  const all: Array<Record<string, unknown>> = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = (await source.graphql(MORE_QUERY, {
      owner,
      name,
      number,
      [list]: after,
      withFiles: list === "files",
      withReviews: list === "reviews",
      withComments: list === "comments",
    })) as { repository: { pullRequest: Record<string, unknown> | null } };
    const connection = data.repository.pullRequest?.[list] as
      { pageInfo: { hasNextPage: boolean; endCursor: string | null } } | undefined;
    all.push(...nodes(connection));
    if (!connection?.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  return all;
}

/** A pull request's whole file list and reviews; a rename sends for the REST list, which names the old path. */
export async function morePages(
  source: Source,
  snapshot: Snapshot,
): Promise<{ files: ChangedFile[]; reviews: Review[] }> {
  const number = snapshot.pull.number;
  const paged =
    snapshot.more.files && !snapshot.renamed ? (await rest(source, number, "files")).map(fileOf) : [];
  const files =
    snapshot.renamed || paged.some((f) => f.renamed)
      ? await source.restFiles(number)
      : snapshot.more.files
        ? paged.map((f) => f.file)
        : snapshot.files;
  const reviews = snapshot.more.reviews
    ? (await rest(source, number, "reviews")).map((r) => ({
        author: String((r.author as { login?: string } | null)?.login ?? ""),
        state: String(r.state),
        commitId: String((r.commit as { oid?: string } | null)?.oid ?? ""),
      }))
    : snapshot.reviews;
  return { files, reviews };
}

/** Every comment on the pull request, when the first hundred did not hold the one sought. */
export async function allComments(source: Source, snapshot: Snapshot): Promise<Comment[]> {
  return snapshot.more.comments
    ? (await rest(source, snapshot.pull.number, "comments")).map(commentOf)
    : snapshot.comments;
}
