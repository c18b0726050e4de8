import { resolve } from "node:path";
import { normalizeBaseUrl } from "../derive/base-url.ts";
import { startServer } from "../serve/start-server.ts";
import { claimServing } from "../write/serving-claim.ts";
import { runCommand } from "./options.ts";
import { buildAndReport } from "./report.ts";

const USAGE = `usage: npm start -- [--out DIR] [--base-url URL] [--port N] [--host ADDRESS]

Builds the site like npm run build, then serves it on ADDRESS:N (default 127.0.0.1:4173, or HOST
and PORT) as the published site answers. While it runs, a build into its folder is refused.`;

/** `npm start`: build the site from records/, then serve it as the contract says. */
await runCommand(USAGE, async (options) => {
  // While it serves, a build (or another server) writing its folder is refused (serving-claim.ts).
  claimServing(options.outDir, "npm start");
  const built = await buildAndReport(options, "not serving: fix the errors above, then run npm start again");
  if (!built?.ok) process.exit(1);
  const { url } = await startServer({
    root: resolve(options.outDir),
    port: options.port,
    host: options.host,
    basePath: new URL(normalizeBaseUrl(options.baseUrl)).pathname,
  });
  console.log(`serving ${options.outDir} at ${options.baseUrl} (listening on ${url})`);
  console.log(`API index: ${options.baseUrl}api/index.json`);
});
