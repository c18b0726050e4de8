import type { Server } from "node:http";
import { join } from "node:path";
import { build } from "../../generator/pipeline.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { exampleRoot, tempDir } from "./fixture-root.ts";

/** Builds the repository's example event into a temporary folder and serves it on 127.0.0.1. */
export async function serveExample(baseUrl: string): Promise<{ server: Server; url: string }> {
  const out = join(await tempDir(), "dist");
  const result = await build({
    root: await exampleRoot(),
    outDir: out,
    baseUrl,
    env: { SOURCE_DATE_EPOCH: "0" },
  });
  if (!result.ok) throw new Error(`the example event did not build: ${JSON.stringify(result.diagnostics)}`);
  return startServer({ root: out, port: 0 });
}
