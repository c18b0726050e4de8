import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { apiError, type ErrorCode } from "../contract/api-error.ts";
import { docsUrl, siteHandler } from "./site-handler.ts";

/** How long a client may take: to send its headers, its whole request, and between packets. */
export interface ServerLimits {
  headersMs: number;
  requestMs: number;
  idleMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = { headersMs: 10_000, requestMs: 30_000, idleMs: 60_000 };

/** Starts the site server; resolves once it listens. `port: 0` picks a free port (for tests). */
export async function startServer(options: {
  root: string;
  port: number;
  host?: string;
  /** The base URL's path, such as `/sprint/`: the site is served under it. */
  basePath?: string;
  limits?: ServerLimits;
  /** Wraps the site handler: `npm run dev` adds its page reload this way. */
  wrap?: (handler: ReturnType<typeof siteHandler>) => ReturnType<typeof siteHandler>;
}): Promise<{ server: Server; url: string }> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const server = createServer(
    // Node checks the header and request deadlines on this interval; by default only every 30 s.
    { connectionsCheckingInterval: Math.min(1_000, limits.headersMs / 2) },
    (options.wrap ?? ((handler) => handler))(
      siteHandler(options.root, { basePath: options.basePath ?? "/" }),
    ),
  );
  // Slow or idle clients must not hold connections forever.
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.setTimeout(limits.idleMs);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(options.root, error, socket),
  );
  // CONNECT asks for a tunnel; a static site has none to give.
  server.on(
    "connect",
    (_req, socket: Socket) =>
      void rawError(options.root, socket, "method_not_allowed", { Allow: "GET, HEAD, OPTIONS" }),
  );
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `port ${options.port} on ${host} is in use, perhaps by another npm start or npm run dev: stop that one, or choose another port with --port N (or PORT=N)`,
            )
          : error,
      ),
    );
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${options.basePath ?? "/"}`,
  };
}

/**
 * Requests Node's parser refuses before any handler runs (an oversized request line or header, a
 * malformed request, a client too slow to send its headers) still get the JSON error body, as
 * every other error does, unless an answer has already begun.
 */
function answerClientError(root: string, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "request_too_large"
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "request_timeout"
        : "bad_request";
  void rawError(root, socket, code);
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

async function rawError(
  root: string,
  socket: Socket,
  code: ErrorCode,
  headers: Record<string, string> = {},
): Promise<void> {
  const error = apiError(code, await docsUrl(root));
  if (!socket.writable) return;
  const body = `${JSON.stringify(error, null, 2)}\n`;
  const lines = [
    `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Access-Control-Allow-Origin: *",
    "X-Content-Type-Options: nosniff",
    "Cache-Control: no-store",
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}
