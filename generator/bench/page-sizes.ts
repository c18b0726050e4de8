import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";

/** The largest file among `paths` (site-relative) of a built site, in bytes, and which it is. */
async function largest(out: string, paths: string[]): Promise<{ path: string; bytes: number }> {
  let found = { path: "", bytes: 0 };
  for (const path of paths) {
    const bytes = (await stat(join(out, path))).size;
    if (bytes > found.bytes) found = { path, bytes };
  }
  return found;
}

/** Every page of a paginated list: its first page and `page/<n>.html`. */
async function listPages(out: string, section: string): Promise<string[]> {
  const more = await readdir(join(out, section, "page")).catch(() => [] as string[]);
  return [`${section}/index.html`, ...more.map((name) => `${section}/page/${name}`)];
}

/** Every file of a folder of the site. */
async function inFolder(out: string, folder: string): Promise<string[]> {
  return (await readdir(join(out, folder))).map((name) => `${folder}/${name}`);
}

/**
 * Every judge's page (`judging/<judge>.html`, `judging/<judge>/page/<n>.html`) with what it loads
 * before it shows (its style sheets, scripts and icon), the largest; and the largest judge's list,
 * which judging.js fetches only when a page needs another page's projects.
 */
async function judgePages(
  out: string,
): Promise<{ page: { path: string; bytes: number }; list: { path: string; bytes: number } }> {
  const judges = (await readdir(join(out, "judging"), { withFileTypes: true })).filter((e) =>
    e.isDirectory(),
  );
  const firsts = (await inFolder(out, "judging")).filter(
    (p) => p.endsWith(".html") && p !== "judging/index.html",
  );
  const later = await Promise.all(judges.map((j) => inFolder(out, `judging/${j.name}/page`).catch(() => [])));
  let page = { path: "", bytes: 0 };
  for (const path of [...firsts, ...later.flat()]) {
    const html = await readFile(join(out, path), "utf8");
    const loads = [...html.matchAll(/<(?:link rel="(?:stylesheet|icon)" href|script src)="([^"]+)"/g)];
    let bytes = Buffer.byteLength(html);
    for (const [, href] of loads)
      bytes += (await stat(join(out, new URL(href!, `https://site.example/${path}`).pathname))).size;
    if (bytes > page.bytes) page = { path, bytes };
  }
  const list = await largest(
    out,
    judges.map((j) => `judging/${j.name}/projects.json`),
  );
  return { page, list };
}

/** Markdown table rows: the page sizes issue 21 limits, and the indexes the search fetches. */
export async function pageSizes(out: string): Promise<string[]> {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (name: string, found: { path: string; bytes: number }, limit: string) =>
    `| ${name} (${found.path}) | ${kb(found.bytes)} | ${limit} |`;
  const judging = await judgePages(out);
  return [
    "| page | size | limit |",
    "|---|---|---|",
    row("home page", await largest(out, ["index.html"]), "≤ 150 KB"),
    row("largest project list page", await largest(out, await listPages(out, "projects")), "≤ 300 KB"),
    row("largest team list page", await largest(out, await listPages(out, "teams")), "≤ 300 KB"),
    row(
      "project index, fetched on the first search (filters and sorts)",
      await largest(out, ["search/projects.json"]),
      "none",
    ),
    row("team index, fetched on the first team search", await largest(out, ["search/teams.json"]), "none"),
    row(
      "largest part of the project search (words of one letter, or 16 cards)",
      await largest(out, await inFolder(out, "search/projects")),
      "none",
    ),
    row(
      "one project for a consumer, the largest",
      await largest(out, await inFolder(out, "api/projects")),
      "≤ 10 KB",
    ),
    row("the API's project list, for comparison", await largest(out, ["api/projects.json"]), "none"),
    row("largest judge's page, with the style sheets and scripts it loads first", judging.page, "≤ 300 KB"),
    row("largest judge's list, fetched only to reach another page's projects", judging.list, "none"),
  ];
}
