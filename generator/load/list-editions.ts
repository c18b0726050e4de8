import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { byCodeUnits } from "../code-unit-order.ts";
import { realFolder } from "./real-folder.ts";
import { namesIn, unreadableNameDiagnostic } from "./list-tree.ts";

/** Where archived editions live: `editions/<id>/`, each laid out as the repository is. */
export const EDITIONS_DIR = "editions";
export const EDITION_FILE = "edition.json";

/** One archived edition's folder and its manifest's text, as found; checked by validate/edition-manifest.ts. */
export interface EditionFolder {
  /** The folder's name, which the manifest's id must equal. */
  name: string;
  /** `editions/<name>`, relative to the repository. */
  folder: string;
  /** The manifest's text, or undefined when there is none. */
  text?: string;
}

/**
 * The folders under `editions/`, in name order. Anything else there (a file, a link) is an error:
 * the folder holds editions and nothing else, so a misplaced file is not silently left unpublished.
 * Links are never followed (real-folder.ts says why).
 */
export async function listEditions(
  root: string,
): Promise<{ found: EditionFolder[]; diagnostics: Diagnostic[] }> {
  const found: EditionFolder[] = [];
  const diagnostics: Diagnostic[] = [];
  const state = realFolder(root, EDITIONS_DIR);
  if (state === "missing") return { found, diagnostics };
  if (state !== "folder") return { found, diagnostics: [state] };
  // Read as bytes where a name is not UTF-8 (list-tree.ts): the build's error, not an edition
  // folder named with U+FFFD whose manifest is "no such file".
  const { entries, unreadable } = namesIn(join(root, EDITIONS_DIR));
  diagnostics.push(...unreadable.map((name) => unreadableNameDiagnostic(root, name)));
  for (const entry of entries.sort((a, b) => byCodeUnits(a.name, b.name))) {
    const folder = `${EDITIONS_DIR}/${entry.name}`;
    if (entry.name === "README.md" || entry.name === ".gitkeep") continue;
    if (!entry.isDirectory()) {
      diagnostics.push({
        file: folder,
        line: 1,
        column: 1,
        severity: "error",
        rule: "edition-folder",
        message: `${EDITIONS_DIR}/ must hold only edition folders (found ${entry.isSymbolicLink() ? "a symbolic link" : "a file"})`,
        expected: `a folder ${EDITIONS_DIR}/<id>/ written by npm run init -- --next-edition`,
        found: entry.isSymbolicLink() ? "a symbolic link" : "a file",
        fix: `Remove ${folder}, or move it into the edition it belongs to.`,
      });
      continue;
    }
    const manifest = join(root, folder, EDITION_FILE);
    const file = lstatSync(manifest, { throwIfNoEntry: false });
    found.push({
      name: entry.name,
      folder,
      ...(file?.isFile() ? { text: readFileSync(manifest, "utf8") } : {}),
    });
  }
  return { found, diagnostics };
}

/** Whether the repository keeps archived editions at all: most builds need look no further. */
export const hasEditions = (root: string): boolean =>
  lstatSync(join(root, EDITIONS_DIR), { throwIfNoEntry: false }) !== undefined;
