import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT, TYPES_PATH } from "../../../generator/contract/render-record-types.ts";
import { checkoutCommit } from "../default-branch.ts";
import { exampleRoot, REPO } from "../fixture-root.ts";
import type { GithubModel } from "../github-model/github-model.ts";

/**
 * The checkout Validate gets on a merge group: the group's head commit, with the schemas and
 * generated types the checkout's own code holds (a test's commits hold records only; see
 * exampleRoot), so the real validator judges the group's combined records.
 */
export async function groupCheckout(model: GithubModel, sha: string): Promise<string> {
  const root = await checkoutCommit(model, sha, await exampleRoot());
  await cp(join(REPO, "records/schemas"), join(root, "records/schemas"), { recursive: true });
  await mkdir(join(root, "generator/contract"), { recursive: true });
  await writeFile(join(root, TYPES_PATH), await readFile(join(REPO_ROOT, TYPES_PATH)));
  return root;
}
