import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/**
 * Whether `folder` (relative to `root`, such as `records/teams`) is a real folder of the checkout.
 * Each step is checked without following links: a linked folder would let a pull request point the
 * build at files outside the repository, which no check on the files inside could notice.
 */
export function realFolder(root: string, folder: string): "folder" | "missing" | Diagnostic {
  let path = root;
  let at = "";
  for (const part of folder.split("/")) {
    path = join(path, part);
    at = at ? `${at}/${part}` : part;
    let stats;
    try {
      stats = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
      throw error;
    }
    if (!stats.isDirectory()) {
      const found = stats.isSymbolicLink() ? "a symbolic link" : "a file";
      return {
        file: at,
        line: 1,
        column: 1,
        severity: "error",
        rule: "file-type",
        message: `${at} must be a folder of the repository (found ${found})`,
        expected: "a folder",
        found,
        fix: `Replace ${at} with a real folder.`,
      };
    }
  }
  return "folder";
}
