import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { readRecordFile } from "./read-record-file.ts";
import { realFolder } from "./real-folder.ts";

export const HANDBOOK_DIR = "site/handbook";

/** One handbook chapter: `site/handbook/20-register-a-team.md` is chapter 20, slug `register-a-team`. */
export interface HandbookSource {
  file: string;
  order: number;
  slug: string;
  title: string;
  markdown: string;
}

// The number orders the chapters and keeps the folder readable on GitHub; the slug names the page.
const CHAPTER_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const TITLE = /^# +(.+?)\s*#*\s*$/m;

/** Reads the handbook's Markdown chapters, with the same file checks as records, in chapter order. */
export async function loadHandbook(
  root: string,
): Promise<{ pages: HandbookSource[]; diagnostics: Diagnostic[] }> {
  const pages: HandbookSource[] = [];
  const diagnostics: Diagnostic[] = [];
  const state = realFolder(root, HANDBOOK_DIR);
  if (state === "missing") return { pages, diagnostics };
  if (state !== "folder") return { pages, diagnostics: [state] };
  const names = await readdir(join(root, HANDBOOK_DIR));
  const at = (file: string) => ({ file, line: 1, column: 1 });
  for (const name of names.sort()) {
    const file = `${HANDBOOK_DIR}/${name}`;
    const match = CHAPTER_NAME.exec(name);
    if (!match) {
      diagnostics.push({
        ...at(file),
        severity: "warning",
        rule: "handbook-name",
        message: `handbook chapters are named like 10-event-rules.md (found "${name}", which is ignored)`,
        expected: "<number>-<slug>.md",
        found: JSON.stringify(name),
        fix: "Rename it to <number>-<slug>.md; the number orders the chapters.",
      });
      continue;
    }
    const read = readRecordFile(root, file);
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    diagnostics.push(...read.warnings);
    const title = TITLE.exec(read.text)?.[1];
    if (!title) {
      diagnostics.push({
        ...at(file),
        severity: "error",
        rule: "handbook-title",
        message: "a handbook chapter must have a title line such as '# Event rules' (found none)",
        expected: "a line starting with '# '",
        found: "no level-1 heading",
        fix: "Add a first line such as '# Event rules'.",
      });
      continue;
    }
    pages.push({ file, order: Number(match[1]), slug: match[2]!, title, markdown: read.text });
  }
  pages.sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const seen = new Map<string, string>();
  for (const page of pages) {
    const first = seen.get(page.slug);
    if (first)
      diagnostics.push({
        ...at(page.file),
        severity: "error",
        rule: "handbook-slug-collision",
        message: `two handbook chapters would publish handbook/${page.slug}.html (${first} and ${page.file})`,
        expected: "one chapter per slug",
        found: page.file,
        fix: "Rename one of the chapters.",
      });
    else seen.set(page.slug, page.file);
  }
  return { pages: pages.filter((p) => seen.get(p.slug) === p.file), diagnostics };
}
