import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import { formFiles } from "../../generator/load/forms/form-files.ts";
import type { GithubModel } from "./github-model/github-model.ts";
import { recordFiles } from "./report-harness.ts";

/** Every record under `root` with the issue forms `npm run forms` writes for its event: what a default branch holds. */
export async function filesWithForms(root: string): Promise<Record<string, string>> {
  const files = await recordFiles(root);
  for (const { file, text } of formFiles(parse(files["records/event.yaml"]!))) files[file] = text;
  return files;
}

/** The checkout a workflow run gets: the site of `root` (a fixture's copy) beside the files of commit `sha`. */
export async function checkoutCommit(model: GithubModel, sha: string, root: string): Promise<string> {
  await rm(join(root, "records"), { recursive: true });
  for (const [path, text] of model.git.get(sha).tree) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}
