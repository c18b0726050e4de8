import { watch } from "node:fs";
import { join, resolve } from "node:path";
import { normalizeBaseUrl } from "../derive/base-url.ts";
import { startServer } from "../serve/start-server.ts";
import { runCommand } from "./options.ts";
import { buildAndReport } from "./report.ts";

/**
 * `npm run dev`: like `npm start`, and rebuilds whenever a file under records/ or site/ changes.
 * A broken record prints its errors and the last good site keeps being served.
 */
await runCommand(async (options) => {
  async function rebuild(): Promise<void> {
    await buildAndReport(options, "build stopped: still serving the last good site").catch((error: Error) => {
      console.error(`build failed: ${error.message}`);
    });
  }

  await rebuild();
  const { url } = await startServer({
    root: resolve(options.outDir),
    port: options.port,
    host: options.host,
    basePath: new URL(normalizeBaseUrl(options.baseUrl)).pathname,
  });
  console.log(
    `serving ${options.outDir} at ${options.baseUrl} (listening on ${url}), watching records/ and site/`,
  );

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  for (const folder of ["records", "site"]) {
    watch(join(options.root, folder), { recursive: true }, () => {
      clearTimeout(timer);
      // Editors write in bursts; one rebuild per burst, never two at once.
      timer = setTimeout(() => {
        running = running.then(rebuild);
      }, 80);
    });
  }
});
