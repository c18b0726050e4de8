import type { GithubModel } from "./github-model.ts";
import type { Answer } from "./routes.ts";

/**
 * GitHub's Git Data API as the model keeps it: a commit read by SHA, a tree made on top of another
 * tree, a commit made of a tree and parents. Refusals are GitHub's documented 422s; tree entries
 * the model does not keep (submodules, subtrees and blobs named by SHA) are refused as well.
 */
type Body = Record<string, unknown>;
interface Context {
  params: Record<string, string>;
  body: Body;
}
interface TreeEntry {
  path?: string;
  mode?: string;
  type?: string;
  sha?: string | null;
  content?: string;
}

const fail = (status: number, message: string): Answer => ({
  status,
  data: { message, documentation_url: "https://docs.github.com/rest/git" },
});

export const GIT_DATA: Record<string, (m: GithubModel, a: Context) => Answer> = {
  "git/get-commit": (m, { params }) => {
    const sha = params.commit_sha!;
    if (!m.git.has(sha)) return fail(404, "Not Found");
    return { status: 200, data: commitJson(m, sha) };
  },

  "git/create-tree": (m, { body }) => {
    const base = body.base_tree === undefined ? new Map() : m.git.tree(String(body.base_tree));
    if (!base) return fail(422, "base_tree is not a valid tree");
    const tree = new Map<string, string>(base);
    for (const entry of body.tree as TreeEntry[]) {
      const path = entry.path ?? "";
      if (path.split("/").some((part) => ["", ".", "..", ".git"].includes(part)))
        return fail(422, `tree.path contains a malformed path component: ${JSON.stringify(path)}`);
      if (entry.type !== "blob" || !["100644", "100755"].includes(entry.mode ?? ""))
        return fail(422, "the model keeps files only: type blob, mode 100644 or 100755");
      if (entry.sha === null) {
        // GitHub: deleting a file that does not exist is an error.
        if (!tree.delete(path)) return fail(422, `tree.path ${path} does not exist to delete`);
      } else if (typeof entry.content === "string" && entry.sha === undefined) tree.set(path, entry.content);
      else return fail(422, "tree entries need exactly one of content and sha (the model takes content)");
    }
    const sha = m.git.treeSha(tree);
    return { status: 201, data: { sha, tree: [...tree.keys()].map((path) => ({ path, type: "blob" })) } };
  },

  "git/create-commit": (m, { body }) => {
    const tree = String(body.tree);
    const parents = ((body.parents ?? []) as unknown[]).map(String);
    if (!m.git.tree(tree)) return fail(422, "Tree SHA does not exist");
    if (parents.some((p) => !m.git.has(p)))
      return fail(422, "Parent SHA does not exist or is not a commit object");
    const sha = m.git.commitTree(parents, tree, String(body.message));
    return { status: 201, data: commitJson(m, sha) };
  },
};

function commitJson(m: GithubModel, sha: string) {
  const commit = m.git.get(sha);
  return {
    sha,
    tree: { sha: m.git.treeSha(commit.tree) },
    parents: commit.parents.map((parent) => ({ sha: parent })),
  };
}
