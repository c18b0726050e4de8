import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { siteHandler } from "./site-handler.ts";

/** Starts the site server; resolves once it listens. `port: 0` picks a free port (for tests). */
export async function startServer(options: {
  root: string;
  port: number;
  host?: string;
  /** The base URL's path, such as `/sprint/`: the site is served under it. */
  basePath?: string;
}): Promise<{ server: Server; url: string }> {
  const server = createServer(siteHandler(options.root, { basePath: options.basePath ?? "/" }));
  // Slow or idle clients must not hold connections forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${options.basePath ?? "/"}`,
  };
}
