import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { apiError, type ErrorCode } from "../contract/api-error.ts";
import { NOT_FOUND_JSON } from "../render/api/not-found.ts";
import { hostHeaders, type HeaderRules } from "./host-headers.ts";
import { sendFile } from "./send-file.ts";
import { sitePath } from "./site-path.ts";

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const JSON_TYPE = "application/json; charset=utf-8";
const HTML_TYPE = "text/html; charset=utf-8";
/** The built error document (see render/api/not-found.ts); the same bytes GitHub Pages would send. */
const NOT_FOUND_FILE = "404.html";

/**
 * Serves a built site folder as the contract says: CORS open on every response, answered
 * preflights, exact JSON media types, ETag and 304, HEAD, a JSON error under /api/ and an HTML 404
 * elsewhere, 405 for methods that write. Files are sent by send-file.ts.
 */
export function siteHandler(root: string, options: { basePath?: string } = {}) {
  // A site built for `https://org.github.io/sprint/` is served under /sprint/, as its host would.
  const base = options.basePath ?? "/";
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("X-Content-Type-Options", "nosniff");
    const requested = (req.url ?? "/").split("?")[0]!;
    if (base !== "/" && requested === base.slice(0, -1)) {
      res.writeHead(301, { Location: base });
      res.end();
      return;
    }
    const inside = requested.startsWith(base);
    const path = inside ? `/${requested.slice(base.length)}` : requested;
    // Decoded once: the path judged below is the path the file is read from.
    const site = sitePath(path);
    // `/api/…` in any spelling a client could send (`/%61pi/x`, `//api/x`, `/./api`).
    const api = /^\/+api(\/|$)/i.test(site ?? path);

    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        Allow: ALLOWED_METHODS,
        "Access-Control-Allow-Methods": ALLOWED_METHODS,
        "Access-Control-Allow-Headers": req.headers["access-control-request-headers"] ?? "*",
        "Access-Control-Max-Age": "86400",
      });
      res.end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", ALLOWED_METHODS);
      void sendError(res, root, "method_not_allowed");
      return;
    }

    // Host files are read by hosts, never served by them.
    if (!inside || (site !== undefined && HOST_FILES.test(site))) {
      void sendNotFound(res, root, api);
      return;
    }
    if (site === undefined) {
      void sendError(res, root, "bad_request", 400);
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    void hostHeaders(root).then((headers) => serveFile(req, res, { root, base, path, site, api, headers }));
  };
}

// Case-blind: on a case-insensitive disk (macOS, Windows) `/_HEADERS` opens `_headers`.
const HOST_FILES = /^\/_(headers|redirects)$/i;

interface FileRequest {
  root: string;
  base: string;
  /** The URL path as sent, for a redirect's Location. */
  path: string;
  /** The decoded site path (site-path.ts), which the file is read from. */
  site: string;
  api: boolean;
  headers: HeaderRules;
}

async function serveFile(req: IncomingMessage, res: ServerResponse, asked: FileRequest): Promise<void> {
  const { root, base, path, site, api, headers } = asked;
  const outcome = await sendFile(req, res, root, site, (file) => headers.get(file) ?? []).catch(
    () => "failed" as const,
  );
  if (outcome === "sent") return;
  // GitHub Pages serves /projects/soft-grasp from projects/soft-grasp.html: so does this server.
  if (outcome === "not-found" && !api && /\/[^/.]+$/.test(site))
    return serveFile(req, res, { ...asked, site: `${site}.html` });
  if (outcome === "not-found") return sendNotFound(res, root, api);
  if (outcome === "bad-path") return sendError(res, root, "bad_request", 400);
  if (outcome === "failed") return sendError(res, root, "server_error");
  // A folder without its trailing slash: under /api/ it is no document; elsewhere go to the folder.
  if (api) return sendNotFound(res, root, true);
  res.writeHead(301, { Location: `${base}${path.replace(/^\/+/, "")}/` });
  res.end();
}

async function sendNotFound(res: ServerResponse, root: string, api: boolean): Promise<void> {
  const body = await readFile(join(root, api ? NOT_FOUND_JSON : NOT_FOUND_FILE)).catch(() => undefined);
  if (!body) return sendError(res, root, "not_found");
  finish(res, 404, api ? JSON_TYPE : HTML_TYPE, body);
}

async function sendError(res: ServerResponse, root: string, code: ErrorCode, status?: number): Promise<void> {
  const docs = await docsUrl(root);
  const error = apiError(code, docs);
  finish(res, status ?? error.status, JSON_TYPE, Buffer.from(`${JSON.stringify(error, null, 2)}\n`));
}

function finish(res: ServerResponse, status: number, type: string, body: Buffer): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.removeHeader("Cache-Control");
  res.writeHead(status, { "Content-Type": type, "Content-Length": body.length, "Cache-Control": "no-store" });
  res.end(body);
}

/** The docs link of the built site, read from its error document so errors point at the right host. */
export async function docsUrl(root: string): Promise<string> {
  try {
    const parsed = JSON.parse(await readFile(join(root, NOT_FOUND_FILE), "utf8")) as { docs?: unknown };
    if (typeof parsed.docs === "string") return parsed.docs;
  } catch {
    // No built site yet: fall back to the site-relative address.
  }
  return "/developers.html";
}
