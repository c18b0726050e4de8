import { statSync } from "node:fs";
import type { Asset } from "../load/list-assets.ts";
import { bodyOf, type Output } from "../render/shared/document.ts";
import { BUILD_MARKER } from "./output-folder.ts";
import { DOCUMENT_CLAIM, MARKER_CLAIM, PathClaims } from "./path-claims.ts";
import type { WriteResult } from "./site-files.ts";
import { WriteError } from "./write-error.ts";

/**
 * The site as writeSite would write it, judged without writing it (Validate: a pull request's or a
 * merge group's whole site, 43,000 files at 10,000 + 10,000, only to be deleted again). Its paths
 * are judged by the writer's own judge, PathClaims, claimed in the writer's order (the marker, the
 * documents, the files): a path outside the folder, two claims on one path, a file where another
 * path needs a folder are refused with the same PathClash. Then what else stops the writer: a body
 * that does not render, a file to copy that is not there. Each body is rendered in full, in parts
 * as they come, and counted as the writer counts it: the documents' UTF-8 bytes (the build adds
 * the copied files' sizes), every file but the build's marker.
 * test/write/check-site.test.ts holds it to writeSite's answers.
 */
export function checkSite(outputs: Iterable<Output>, assets: readonly Asset[] = []): WriteResult {
  const claims = new PathClaims();
  claims.begin();
  claims.claim(BUILD_MARKER, MARKER_CLAIM);
  let bytes = 0;
  for (const output of outputs) {
    claims.claim(output.path, DOCUMENT_CLAIM);
    const body = bodyOf(output);
    if (typeof body === "string") bytes += Buffer.byteLength(body);
    else for (const part of body) bytes += Buffer.byteLength(part);
  }
  for (const asset of assets) {
    claims.claim(asset.path, `the file ${asset.source}`, asset.source);
    // The writer copies the file (or links a kept one): one that is gone, or no file, fails it.
    if (!statSync(asset.source).isFile()) throw new WriteError(`${asset.source} is not a file`);
  }
  // The marker is no file of the site.
  const files = claims.paths.size - 1;
  return { files, bytes, written: files, removed: 0 };
}
