import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { oneLine } from "../diagnostics/format-line.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { devPage } from "./dev-page.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The most problems the overlay lists; it counts the rest (npm run validate lists every one). */
const LISTED = 50;

/** What the overlay lists of a broken build, as the page's script receives it (JSON). */
export interface BrokenBuild {
  /** How many errors stopped the build. */
  count: number;
  problems: { file: string; line: number; column: number; message: string; fix?: string }[];
  /** Errors past LISTED. */
  more: number;
}

/** The browser's side, kept as real files (read as JavaScript and CSS), served under `<base>__dev/`. */
const ASSETS = new Map(
  [
    ["client.js", "dev-client.js", "text/javascript; charset=utf-8"],
    ["overlay.css", "dev-overlay.css", "text/css; charset=utf-8"],
  ].map(([path, file, type]) => [
    `__dev/${path}`,
    { body: readFileSync(join(REPO_ROOT, "generator/serve", file!), "utf8"), type: type! },
  ]),
);

/** Served at any page path while no site is built yet (the first build broken): the overlay says why. */
const NO_SITE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No site built yet</title></head>
<body><h1>No site built yet</h1><p>The records have errors. This page reloads by itself once a save fixes them.</p></body></html>
`;

/**
 * `npm run dev`'s side of the page, kept out of the built site: the dev server adds one script tag
 * to each HTML page as it serves it, and the script listens for server-sent events at
 * `<base>__dev/events`. `built()` after a good rebuild that changed the site reloads every open page
 * (one that changed nothing takes away the errors shown); `broken()` after a failed one shows its
 * errors over every open page, and over each page opened until a build is good.
 */
export function devReload(root: string, basePath: string) {
  const clients = new Set<ServerResponse>();
  let broken: string | undefined;
  const tag = `<script src="${basePath}__dev/client.js" defer></script>\n`;
  const wrap =
    (handler: Handler): Handler =>
    (req, res) => {
      const path = (req.url ?? "/").split("?")[0]!;
      if (path === `${basePath}__dev/events`) return void listen(req, res, clients, broken);
      const asset = path.startsWith(basePath) ? ASSETS.get(path.slice(basePath.length)) : undefined;
      if (asset) {
        res.writeHead(200, { "Content-Type": asset.type, "Cache-Control": "no-store" });
        return void res.end(asset.body);
      }
      if (req.method !== "GET") return handler(req, res);
      void devPage(root, basePath, path).then((page) => {
        if (page === undefined || (page.html === undefined && broken === undefined)) return handler(req, res);
        const html = page.html ?? NO_SITE;
        res.writeHead(page.html === undefined ? 503 : page.status, {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
        });
        res.end(html.includes("</head>") ? html.replace("</head>", `${tag}</head>`) : `${tag}${html}`);
      });
    };
  const send = (event: string, data: string) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  return {
    wrap,
    /**
     * After a good build: open pages reload if it changed the site. One that changed nothing (a
     * save of the same bytes, or the second of two events one save made) leaves them as they are,
     * only taking away a broken build's errors shown over them (`mended`): the site is still what
     * they show. CI saw one save reload a page twice, once for each.
     */
    built: (changed = true) => {
      const wasBroken = broken !== undefined;
      broken = undefined;
      if (changed) send("reload", "rebuilt");
      else if (wasBroken) send("mended", "unchanged");
    },
    /** The build's diagnostics, or undefined when it failed while writing (the terminal says why). */
    broken: (diagnostics: readonly Diagnostic[] | undefined) => {
      broken = JSON.stringify(brokenBuild(diagnostics ?? []));
      send("broken", broken);
    },
  };
}

/** The errors that stopped a build, each on one line as the terminal prints it (format-line.ts). */
export function brokenBuild(diagnostics: readonly Diagnostic[]): BrokenBuild {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const problems = errors.slice(0, LISTED).map((d) => ({
    file: oneLine(d.file),
    line: d.line,
    column: d.column,
    message: oneLine(d.message),
    ...(d.fix ? { fix: oneLine(d.fix) } : {}),
  }));
  if (!errors.length)
    problems.push({ file: "", line: 0, column: 0, message: "The build stopped; the terminal says why." });
  return { count: Math.max(errors.length, 1), problems, more: Math.max(errors.length - LISTED, 0) };
}

function listen(
  req: IncomingMessage,
  res: ServerResponse,
  clients: Set<ServerResponse>,
  broken?: string,
): void {
  // The server drops idle sockets; this one is meant to wait.
  req.socket.setTimeout(0);
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
  // A page opened while the build is broken shows its errors at once.
  res.write(broken === undefined ? ": listening\n\n" : `event: broken\ndata: ${broken}\n\n`);
  clients.add(res);
  req.on("close", () => clients.delete(res));
}
