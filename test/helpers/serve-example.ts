import type { Server } from "node:http";
import { startServer } from "../../generator/serve/start-server.ts";
import { buildSite } from "./build-site.ts";
import { exampleRoot } from "./fixture-root.ts";

/** Builds the repository's example event into a temporary folder and serves it on 127.0.0.1. */
export async function serveExample(baseUrl: string): Promise<{ server: Server; url: string }> {
  return startServer({ root: await buildSite(await exampleRoot(), baseUrl), port: 0 });
}
