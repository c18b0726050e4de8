import { statSync } from "node:fs";
import type { Asset } from "../load/list-assets.ts";
import { bodyOf, type Output } from "../render/shared/document.ts";
import { BUILD_MARKER } from "./output-folder.ts";
import { checkPath, type WriteResult } from "./site-files.ts";
import { WriteError } from "./write-error.ts";

/**
 * The site as writeSite would write it, judged without writing it (Validate: a pull request's or a
 * merge group's whole site, 43,000 files at 10,000 + 10,000, only to be deleted again). Everything
 * the writer refuses is refused the same way: a path outside the folder (checkPath), two documents
 * or files on one path, a file where another's folder is, a body that does not render, a file to
 * copy that is not there. Each body is rendered in full, in parts as they come, and counted as the
 * writer counts it: the documents' UTF-8 bytes (the build adds the copied files' sizes), every file
 * but the build's marker.
 * test/write/check-site.test.ts holds it to writeSite's answers.
 */
export function checkSite(outputs: Iterable<Output>, assets: readonly Asset[] = []): WriteResult {
  const claims = new Map<string, string>();
  // The folders the claimed paths need: a path that is one of them, or a folder that is a claimed
  // path, cannot be written (a public file `api/projects.json/x.png` under a page), and fails the
  // writer half way (EEXIST, EISDIR), so it is refused here too (test/write/check-site.test.ts).
  const folders = new Map<string, string>();
  const claim = (path: string, what: string) => {
    checkPath(path);
    const earlier = claims.get(path) ?? folders.get(path);
    if (earlier !== undefined) throw new WriteError(`two documents claim ${path}: ${earlier} and ${what}`);
    for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
      const folder = path.slice(0, at);
      const file = claims.get(folder);
      if (file !== undefined)
        throw new WriteError(`${folder} is a file (${file}) and the folder of ${path} (${what})`);
      if (!folders.has(folder)) folders.set(folder, `the folder of ${path} (${what})`);
    }
    claims.set(path, what);
  };
  // The writer claims its marker first: a public file of that name is refused, here too.
  claim(BUILD_MARKER, "the build's marker");
  let bytes = 0;
  for (const output of outputs) {
    claim(output.path, "a rendered document");
    const body = bodyOf(output);
    if (typeof body === "string") bytes += Buffer.byteLength(body);
    else for (const part of body) bytes += Buffer.byteLength(part);
  }
  for (const asset of assets) {
    claim(asset.path, `the file ${asset.source}`);
    // The writer copies the file (or links a kept one): one that is gone, or no file, fails it.
    if (!statSync(asset.source).isFile()) throw new WriteError(`${asset.source} is not a file`);
  }
  // The marker is no file of the site.
  const files = claims.size - 1;
  return { files, bytes, written: files, removed: 0 };
}
