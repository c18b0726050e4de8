import type { Server } from "node:http";
import { join } from "node:path";
import { startServer } from "../../generator/serve/start-server.ts";
import { buildSite } from "./build-site.ts";
import { tempDir } from "./fixture-root.ts";

/**
 * Serves a project root's site on 127.0.0.1 with the base URL it is reached at, as `npm start` does:
 * the server starts first (port 0 picks a free port), then the site is built for that address.
 */
export async function serveBuilt(root: string, basePath = "/"): Promise<{ server: Server; url: string }> {
  const out = join(await tempDir(), "dist");
  const served = await startServer({ root: out, port: 0, basePath });
  try {
    await buildSite(root, served.url, out);
  } catch (error) {
    served.server.close();
    throw error;
  }
  return served;
}
