import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { namesIn, unreadableNameDiagnostic } from "./list-tree.ts";
import { readRecordFile } from "./read-record-file.ts";
import { realFolder } from "./real-folder.ts";
import { byCodeUnits } from "../code-unit-order.ts";

export const HANDBOOK_DIR = "site/handbook";

/** One handbook chapter: `site/handbook/20-register-a-team.md` is chapter 20, slug `register-a-team`. */
export interface HandbookSource {
  file: string;
  order: number;
  slug: string;
  /** The first `# ` heading; empty when there is none (the handbook-title rule says so). */
  title: string;
  markdown: string;
}

// The number orders the chapters and keeps the folder readable on GitHub; the slug names the page.
const CHAPTER_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const TITLE = /^# +(.+?)\s*#*\s*$/m;

/**
 * Reads the handbook's Markdown chapters, with the same file checks as records, in chapter order.
 * `strays` are the files whose names are not chapters'; the rules judge them, and the titles.
 */
export async function loadHandbook(
  root: string,
): Promise<{ pages: HandbookSource[]; strays: string[]; diagnostics: Diagnostic[] }> {
  const found = { pages: [] as HandbookSource[], strays: [] as string[], diagnostics: [] as Diagnostic[] };
  const state = realFolder(root, HANDBOOK_DIR);
  if (state === "missing") return found;
  if (state !== "folder") return { ...found, diagnostics: [state] };
  // Read as bytes: a name that is not UTF-8 is an error here, not a chapter no one can open.
  const listed = namesIn(join(root, HANDBOOK_DIR));
  found.diagnostics.push(...listed.unreadable.map((name) => unreadableNameDiagnostic(root, name)));
  for (const name of listed.entries.map((e) => e.name).sort()) {
    const file = `${HANDBOOK_DIR}/${name}`;
    const match = CHAPTER_NAME.exec(name);
    if (!match) {
      found.strays.push(file);
      continue;
    }
    const read = readRecordFile(root, file);
    if (!read.ok) {
      found.diagnostics.push(read.diagnostic);
      continue;
    }
    found.diagnostics.push(...read.warnings);
    const title = TITLE.exec(read.text)?.[1] ?? "";
    found.pages.push({ file, order: Number(match[1]), slug: match[2]!, title, markdown: read.text });
  }
  found.pages.sort((a, b) => a.order - b.order || byCodeUnits(a.slug, b.slug));
  return found;
}
