import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { sitePath } from "./site-path.ts";

/**
 * A page `npm run dev` sends with its script added: the page asked for, or the site's 404 page;
 * no html when there is neither (no site built yet).
 */
export interface DevPage {
  status: 200 | 404;
  html: string | undefined;
}

/**
 * The HTML page a GET asks for, found as the site handler finds it: `x/` is x/index.html, `x.html`
 * itself, and `x` (as GitHub Pages serves it) x.html; a page not there is the site's 404 page, so
 * every page a browser shows carries the script. Anything under /api/, a folder without its slash
 * (redirected) or any other file is left to the site handler: undefined.
 */
export async function devPage(root: string, basePath: string, urlPath: string): Promise<DevPage | undefined> {
  if (!urlPath.startsWith(basePath)) return undefined;
  // Judged and read on the one decoded path, as the site handler does (site-path.ts).
  const site = sitePath(`/${urlPath.slice(basePath.length)}`);
  if (site === undefined || /^\/+api(\/|$)/i.test(site)) return undefined;
  const last = site.slice(site.lastIndexOf("/") + 1);
  let file: string;
  if (last === "") file = `${site}index.html`;
  else if (last.endsWith(".html")) file = site;
  else if (last.includes(".")) return undefined;
  else if (await isFolder(join(root, site))) return undefined;
  else file = `${site}.html`;
  const html = await read(root, file);
  if (html !== undefined) return { status: 200, html };
  return { status: 404, html: await read(root, "/404.html") };
}

const read = (root: string, file: string) => readFile(join(root, file), "utf8").catch(() => undefined);

const isFolder = (path: string) =>
  stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
