import { watch } from "node:fs";
import { join, resolve } from "node:path";
import { normalizeBaseUrl } from "../derive/base-url.ts";
import { printDiagnostics } from "./print-diagnostics.ts";
import { DevBuild } from "../incremental/dev-build.ts";
import { startServer } from "../serve/start-server.ts";
import { runCommand } from "./options.ts";

/**
 * `npm run dev`: like `npm start`, and rebuilds whenever a file under records/ or site/ changes,
 * re-rendering only what the change affects. A broken record prints its errors and the last good
 * site keeps being served.
 */
await runCommand(async (options) => {
  const builder = new DevBuild(options);
  async function rebuild(changed?: ReadonlySet<string>): Promise<void> {
    try {
      const result = await builder.rebuild(changed);
      printDiagnostics(result.diagnostics);
      if (!result.ok) return console.error("build stopped: still serving the last good site");
      if (!changed) for (const warning of result.warnings) console.error(`warning: ${warning}`);
      console.log(
        `${result.full ? "built" : "rebuilt"} ${options.outDir}: ${result.rendered} documents rendered, ${result.written} files written, ${result.removed} removed in ${Math.round(result.milliseconds)} ms`,
      );
    } catch (error) {
      console.error(`build failed: ${(error as Error).message}`);
    }
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
  let changed = new Set<string>();
  let everything = false;
  for (const folder of ["records", "site"]) {
    watch(join(options.root, folder), { recursive: true }, (_, name) => {
      if (name) changed.add(`${folder}/${name.split("\\").join("/")}`);
      else everything = true;
      clearTimeout(timer);
      // Editors write in bursts; one rebuild per burst, never two at once.
      timer = setTimeout(() => {
        const batch = everything ? undefined : changed;
        changed = new Set();
        everything = false;
        running = running.then(() => rebuild(batch));
      }, 80);
    });
  }
});
