import type { Server } from "node:http";
import { join } from "node:path";
import { build } from "../../generator/pipeline.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { tempDir } from "./fixture-root.ts";

/**
 * Serves a project root's site on 127.0.0.1 with the base URL it is reached at, as `npm start` does:
 * the server starts first (port 0 picks a free port), then the site is built for that address.
 */
export async function serveBuilt(root: string, basePath = "/"): Promise<{ server: Server; url: string }> {
  const out = join(await tempDir(), "dist");
  const served = await startServer({ root: out, port: 0, basePath });
  const result = await build({ root, outDir: out, baseUrl: served.url, env: { SOURCE_DATE_EPOCH: "0" } });
  if (!result.ok) {
    served.server.close();
    throw new Error(`the site did not build: ${JSON.stringify(result.diagnostics)}`);
  }
  return served;
}
