import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve, sep } from "node:path";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** What the browser runs: reload when the server says the site was rebuilt. */
const CLIENT = `// npm run dev only: reloads this page after each rebuild.
new EventSource(new URL("events", document.currentScript.src)).addEventListener("reload", () => location.reload());
`;

/**
 * `npm run dev`'s page reload, kept out of the built site: the dev server adds one script tag to
 * each HTML page as it serves it, and the script listens for server-sent events at
 * `<base>__dev/events`; `notify()` after a rebuild reloads every open page.
 */
export function devReload(root: string, basePath: string) {
  const clients = new Set<ServerResponse>();
  const tag = `<script src="${basePath}__dev/reload.js" defer></script>\n`;
  const wrap =
    (handler: Handler): Handler =>
    (req, res) => {
      const path = (req.url ?? "/").split("?")[0]!;
      if (path === `${basePath}__dev/events`) return void listen(req, res, clients);
      if (path === `${basePath}__dev/reload.js`) {
        res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
        return void res.end(CLIENT);
      }
      if (req.method !== "GET" || !(path.endsWith("/") || path.endsWith(".html"))) return handler(req, res);
      void page(root, basePath, path).then((html) => {
        if (html === undefined) return handler(req, res);
        const body = html.replace("</head>", `${tag}</head>`);
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(body);
      });
    };
  const notify = () => {
    for (const client of clients) client.write("event: reload\ndata: rebuilt\n\n");
  };
  return { wrap, notify };
}

function listen(req: IncomingMessage, res: ServerResponse, clients: Set<ServerResponse>): void {
  // The server drops idle sockets; this one is meant to wait.
  req.socket.setTimeout(0);
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
  res.write(": listening\n\n");
  clients.add(res);
  req.on("close", () => clients.delete(res));
}

/** The built page at a request path, or undefined when it is not a page of the site (the server answers). */
async function page(root: string, basePath: string, path: string): Promise<string | undefined> {
  if (!path.startsWith(basePath)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(basePath.length));
  } catch {
    return undefined;
  }
  const file = resolve(root, `./${relative}${relative === "" || relative.endsWith("/") ? "index.html" : ""}`);
  if (!file.startsWith(resolve(root) + sep) || relative.includes("\0")) return undefined;
  return readFile(file, "utf8").catch(() => undefined);
}
