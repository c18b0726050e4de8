import { open, type FileHandle } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import fresh from "fresh";
import { contentType } from "mime-types";
import { staysInside } from "./site-path.ts";

/** What became of a request for a file; the caller answers all but "sent". */
export type Outcome = "sent" | "not-found" | "directory" | "bad-path";

/**
 * Sends the file at site path `path` (decoded once, by site-path.ts) under `root` (a folder's
 * `index.html` for a path ending in `/`), with a weak ETag and Last-Modified, 304 to a conditional
 * GET that is fresh, no body to HEAD.
 * Everything is read through one descriptor, from its stat to its last byte: a build that renames
 * a new file over it meanwhile cannot tear the answer, as a stat by name and a later open could.
 * `headers` gives the host's headers for a site path (`/api/teams.json`).
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  path: string,
  headers: (site: string) => Iterable<[string, string]>,
): Promise<Outcome> {
  // The caller's site path is already decoded: a second decode would read `%255F` as `_`. The
  // containment check is repeated here, where the path meets the disk; dot files are the site's own.
  if (!staysInside(path)) return "bad-path";
  const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if (["ENOENT", "ENOTDIR", "ENAMETOOLONG"].includes((error as NodeJS.ErrnoException).code ?? ""))
      return "not-found";
    throw error;
  }
  let streaming = false;
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) return "directory";
    if (!stat.isFile()) return "not-found";
    const tag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    const modified = stat.mtime.toUTCString();
    res.setHeader("Content-Type", contentType(extname(file)) || "application/octet-stream");
    res.setHeader("Last-Modified", modified);
    res.setHeader("ETag", tag);
    for (const [name, value] of headers(`/${relative(root, file).split(sep).join("/")}`))
      res.setHeader(name, value);
    if (fresh(req.headers, { etag: tag, "last-modified": modified })) {
      res.removeHeader("Content-Type");
      res.writeHead(304).end();
    } else if (req.method === "HEAD" || stat.size === 0) {
      res.writeHead(200, { "Content-Length": stat.size }).end();
    } else {
      res.writeHead(200, { "Content-Length": stat.size });
      const stream = handle.createReadStream({ start: 0, end: stat.size - 1 });
      streaming = true;
      stream.on("error", () => res.destroy());
      res.on("close", () => stream.destroy());
      stream.pipe(res);
    }
    return "sent";
  } finally {
    // The stream closes the descriptor once it ends or is destroyed.
    if (!streaming) await handle.close();
  }
}
