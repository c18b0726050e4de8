import { blobSha } from "./git-store.ts";
import { REPOSITORY, type GithubModel } from "./github-model.ts";
import { TypedError } from "./graphql-errors.ts";
import { blob, commit, connection, entry, tree, type Args } from "./graphql-objects.ts";
import { issue, pull } from "./graphql-pulls.ts";

/**
 * `repository(owner:, name:)`: the model has one, `org/sprint` (GitHub matches the name without
 * regard to case). Anything absent is null with GitHub's NOT_FOUND error, worded as GitHub words it.
 */
export function repository(m: GithubModel, { owner, name }: Args) {
  if (`${String(owner)}/${String(name)}`.toLowerCase() !== REPOSITORY)
    throw new TypedError(
      "NOT_FOUND",
      `Could not resolve to a Repository with the name '${String(owner)}/${String(name)}'.`,
    );
  return {
    name: REPOSITORY.split("/")[1],
    nameWithOwner: REPOSITORY,
    owner: { __typename: "Organization", login: REPOSITORY.split("/")[0] },
    url: `https://github.com/${REPOSITORY}`,
    defaultBranchRef: { name: m.defaultBranch, prefix: "refs/heads/", target: commit(m, m.mainSha) },
    pullRequests: (args: Args) => pullRequests(m, args),
    pullRequest: ({ number }: Args) => {
      const found = m.pull(Number(number));
      if (!found)
        throw new TypedError(
          "NOT_FOUND",
          `Could not resolve to a PullRequest with the number of ${String(number)}.`,
        );
      return pull(m, found);
    },
    issue: ({ number }: Args) => {
      const found = m.issues.find((i) => i.number === Number(number));
      if (!found)
        throw new TypedError(
          "NOT_FOUND",
          `Could not resolve to an Issue with the number of ${String(number)}.`,
        );
      return issue(m, found);
    },
    issues: (args: Args) => {
      if (args.orderBy != null && (args.orderBy as { field?: string }).field !== "CREATED_AT")
        throw new Error("The GitHub model orders issues by CREATED_AT only");
      const states = args.states as string[] | null | undefined;
      const desc = (args.orderBy as { direction?: string } | undefined)?.direction === "DESC";
      const list = m.issues
        .filter((i) => !states || states.includes(i.state.toUpperCase()))
        .sort((a, b) => (desc ? b.number - a.number : a.number - b.number));
      return connection(
        list.map((i) => issue(m, i)),
        args,
        (i) => i.number,
        desc,
      );
    },
    // A branch by its full name or its short one; the model keeps no tags.
    ref: ({ qualifiedName }: Args) => {
      const name = String(qualifiedName).replace(/^refs\/heads\//, "");
      const sha =
        String(qualifiedName).startsWith("refs/") && !String(qualifiedName).startsWith("refs/heads/")
          ? undefined
          : m.branch(REPOSITORY, name);
      return sha ? { name, prefix: "refs/heads/", target: commit(m, sha) } : null;
    },
    // `refs(refPrefix:)`: the branches under a prefix, each named after it (`prefix` + `name` is
    // the full ref either way), in name order.
    refs: (args: Args) => {
      if (args.query != null || args.orderBy != null || args.direction != null)
        throw new Error("The GitHub model lists refs by refPrefix only");
      const prefix = String(args.refPrefix);
      const under = [...(m.branches.get(REPOSITORY) ?? new Map<string, string>())]
        .map(([name, sha]) => [`refs/heads/${name}`, sha] as const)
        .filter(([full]) => full.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return connection(
        under.map(([full, sha]) => ({ name: full.slice(prefix.length), prefix, target: commit(m, sha) })),
        args,
        (r) => r.name,
      );
    },
    object: ({ oid, expression }: Args) =>
      oid != null ? byOid(m, String(oid)) : byExpression(m, String(expression)),
  };
}

/**
 * The open, closed or merged pull requests (GitHub's `states`), oldest first unless ordered
 * otherwise; `headRefName` matches a branch of any repository of the network, as on GitHub.
 */
function pullRequests(m: GithubModel, args: Args) {
  const states = args.states as string[] | null | undefined;
  const order = (args.orderBy ?? { field: "CREATED_AT", direction: "ASC" }) as {
    field: string;
    direction: string;
  };
  const byUpdate = order.field === "UPDATED_AT";
  const key = (p: (typeof m.pulls)[number]) =>
    byUpdate ? `${p.updated_at}#${String(p.number).padStart(9, "0")}` : p.number;
  const list = m.pulls
    .filter((p) => !states || states.includes(p.merged ? "MERGED" : p.state.toUpperCase()))
    .filter((p) => args.baseRefName == null || p.base.ref === args.baseRefName)
    .filter((p) => args.headRefName == null || p.head.ref === args.headRefName)
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (order.direction === "DESC") list.reverse();
  return connection(
    list.map((p) => ({ ...pull(m, p), key: key(p) })),
    args,
    (p) => p.key,
    order.direction === "DESC",
  );
}

/** `object(oid:)`: a commit, a tree or a blob the repository's network holds. */
function byOid(m: GithubModel, oid: string) {
  if (m.git.has(oid)) return commit(m, oid);
  const files = m.git.tree(oid);
  if (files) return tree(m, files, "");
  for (const c of m.git.commits.values())
    for (const text of c.tree.values()) if (blobSha(text) === oid) return blob(text);
  return null;
}

/** `object(expression:)`: `<branch or sha>` or `<branch or sha>:<path>`, as `git rev-parse` reads it. */
function byExpression(m: GithubModel, expression: string) {
  const [rev, path] = expression.split(/:(.*)/s) as [string, string | undefined];
  const sha = m.git.has(rev) ? rev : m.branch(REPOSITORY, rev.replace(/^refs\/heads\//, ""));
  if (!sha) return null;
  if (path === undefined) return commit(m, sha);
  const files = m.git.get(sha).tree;
  return path === "" ? tree(m, files, "") : (entry(m, files, path)?.object ?? null);
}
