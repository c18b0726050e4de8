import { resolve } from "node:path";
import { normalizeBaseUrl } from "../derive/base-url.ts";
import { startServer } from "../serve/start-server.ts";
import { runCommand } from "./options.ts";
import { buildAndReport } from "./report.ts";
import { watchFolders } from "./watch-folders.ts";

/** Editors write in bursts: one rebuild per burst. */
const DEBOUNCE_MS = 80;

/**
 * `npm run dev`: like `npm start`, and after any change under records/ or site/ builds again through
 * the same pipeline (with the content cache, writing only files whose bytes changed). A broken
 * record prints its errors and the last good site keeps being served.
 */
await runCommand(async (options) => {
  const build = { ...options, write: "changed" as const };
  await buildAndReport(build, "build stopped: fix the errors above; the site will build when you save");
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
  let running: Promise<unknown> = Promise.resolve();
  watchFolders(options.root, ["records", "site"], () => {
    clearTimeout(timer);
    // Never two builds at once: the next waits for the one running.
    timer = setTimeout(() => {
      running = running.then(() =>
        buildAndReport(build, "build stopped: still serving the last good site", { quiet: true }),
      );
    }, DEBOUNCE_MS);
  });
});
