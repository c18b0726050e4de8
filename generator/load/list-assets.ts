import { readFileSync } from "node:fs";
import { join, sep } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { activeContent } from "./active-content.ts";
import { listTree, unreadableNameDiagnostic } from "./list-tree.ts";
import { realFolder } from "./real-folder.ts";
import { byCodeUnits } from "../code-unit-order.ts";

export const PUBLIC_DIR = "site/public";

/** A static file copied as it is into the site: `path` is its site-relative path. */
export interface Asset {
  path: string;
  source: string;
  /**
   * The source is a file the build keeps itself and never changes in place (an archived edition's
   * kept files, edition-outputs.ts), never the checkout's: the site may hold it as a second link
   * instead of a copy. `size`: its bytes, known already (the host's limit counts them).
   */
  kept?: { size: number };
}

/**
 * Lists regular files under `site/public/`; symbolic links are refused so nothing outside leaks in,
 * and pages, scripts and SVGs that script are refused so nothing runs on the site's address.
 */
export async function listAssets(root: string): Promise<{ assets: Asset[]; diagnostics: Diagnostic[] }> {
  const assets: Asset[] = [];
  const diagnostics: Diagnostic[] = [];
  const state = realFolder(root, PUBLIC_DIR);
  if (state === "missing") return { assets, diagnostics };
  if (state !== "folder") return { assets, diagnostics: [state] };
  // Read as bytes: a name that is not UTF-8 is an error here, not an ENOENT when it is copied.
  const { entries, unreadable } = listTree(join(root, PUBLIC_DIR));
  diagnostics.push(...unreadable.map((name) => unreadableNameDiagnostic(root, name)));
  for (const entry of entries) {
    const source = join(entry.parentPath, entry.name);
    // The platform's separator (Windows' `\`) becomes the site's `/`; a `\` in a name on POSIX
    // stays, and is refused below.
    const path = source
      .slice(join(root, PUBLIC_DIR).length + 1)
      .split(sep)
      .join("/");
    if (entry.isSymbolicLink()) {
      diagnostics.push({
        file: `${PUBLIC_DIR}/${path}`,
        line: 1,
        column: 1,
        severity: "error",
        rule: "file-type",
        message: "site files must be regular files (found a symbolic link)",
        expected: "a regular file",
        found: "a symbolic link",
        fix: "Replace the link with the file itself.",
      });
    } else if (entry.isFile()) {
      const dropped = droppedByPages(path);
      if (dropped) diagnostics.push(droppedDiagnostic(path, dropped));
      if (path.includes("\\")) diagnostics.push(backslashDiagnostic(path));
      if (CONTROL.test(path)) diagnostics.push(controlDiagnostic(path));
      // Listed even when refused: the records that name it are not also told it is missing.
      const active = activeContent(path, () => readFileSync(source, "utf8"));
      if (active) diagnostics.push(active);
      assets.push({ path, source });
    }
  }
  assets.sort((a, b) => byCodeUnits(a.path, b.path));
  return { assets, diagnostics };
}

/**
 * The Pages package (actions/upload-pages-artifact) tars the site with `--exclude=.git
 * --exclude=.github`, which drop a file or folder so named at any depth: the build would write it,
 * Validate pass it, and Publish stop when its check finds it missing from the package. Its name.
 */
function droppedByPages(path: string): string | undefined {
  return path.split("/").find((segment) => segment === ".git" || segment === ".github");
}

function droppedDiagnostic(path: string, segment: string): Diagnostic {
  return nameError(path, {
    message: `GitHub Pages' package leaves out every file and folder named ${segment}, so this file would never be published (Publish stops on it)`,
    expected: "no file or folder named .git or .github under site/public/",
    found: `a name ${segment} in ${path}`,
    fix: `Rename ${segment} in ${PUBLIC_DIR}/${path} (for example to ${segment.slice(1)}), or remove the file.`,
  });
}

/**
 * A `\` in a name (a file name on POSIX, not a separator): browsers read `\` in an http(s) address
 * as `/` (the URL standard), so no link would reach the file under its name, and the site's files
 * are written only under names with `/` (write/check-path.ts). Not published at `a/b.txt` either:
 * that is another file.
 */
function backslashDiagnostic(path: string): Diagnostic {
  return nameError(path, {
    message: `a site file's name holds a backslash, which browsers read as / in an address, so no link reaches ${path}`,
    expected: "a name without \\ under site/public/ (folders are made with /)",
    found: `a \\ in ${path}`,
    fix: `Rename ${PUBLIC_DIR}/${path} without the backslash (for example ${path.replaceAll("\\", "-")}), or put it in a folder.`,
  });
}

/** C0 controls and DEL. */
const CONTROL = /[\x00-\x1f\x7f]/;
const CONTROL_ALL = new RegExp(CONTROL.source, "g");

/**
 * A control character in a name (a line break, a tab): browsers drop a tab or line break from an
 * address (the URL standard) and no one types the others in a link; and Publish's check of the
 * package (check-pages-artifact.ts), which reads tar's listing a line a name, called a name with a
 * line break missing and stopped after Validate passed it.
 */
function controlDiagnostic(path: string): Diagnostic {
  const shown = JSON.stringify(path);
  return nameError(path, {
    message: `a site file's name holds a control character (a line break, a tab), which browsers drop from an address and Publish's check of the package cannot list: ${shown}`,
    expected: "a name of printable characters under site/public/",
    found: `a control character in ${shown}`,
    fix: `Rename ${PUBLIC_DIR}/${shown.slice(1, -1)} without control characters (for example ${JSON.stringify(path.replace(CONTROL_ALL, "-"))}).`,
  });
}

/** A public file's name refused (rule file-name), at the file. */
function nameError(
  path: string,
  said: Pick<Diagnostic, "message" | "expected" | "found" | "fix">,
): Diagnostic {
  return { file: `${PUBLIC_DIR}/${path}`, line: 1, column: 1, severity: "error", rule: "file-name", ...said };
}
