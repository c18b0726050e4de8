import { resolve } from "node:path";
import { BuildMemory } from "../build-memory.ts";
import { normalizeBaseUrl } from "../derive/base-url.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatLine } from "../diagnostics/format-line.ts";
import { FORMS_DIR, readEvent, updateForms } from "../load/forms/form-files.ts";
import { pinnedSourceDate } from "../load/source-date.ts";
import type { BuildOptions, BuildResult } from "../pipeline.ts";
import { devReload } from "../serve/dev-reload.ts";
import { startServer } from "../serve/start-server.ts";
import { claimServing } from "../write/serving-claim.ts";
import { devReport, diagnosticKey } from "./dev-diagnostics.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { DEV_OUT, runCommand, type CliOptions } from "./options.ts";
import { buildAndReport } from "./report.ts";
import { watchFolders } from "./watch-folders.ts";
import { afterBurst } from "./after-burst.ts";

/**
 * Editors write a save in a few milliseconds (after-burst.ts); every millisecond waited is one more
 * before the page shows it (80 ms was a third of a save at 1,000 + 1,000).
 */
const QUIET_MS = 30;

/**
 * What a build reads. The forms are derived files: before each build, and when one is changed,
 * dev writes again those that differ from what the event and the schemas make (a track renamed, a
 * form edited by hand).
 */
const WATCHED = ["records", "site", FORMS_DIR];

const USAGE = `usage: npm run dev -- [--out DIR] [--base-url URL] [--port N] [--host ADDRESS]

Builds and serves like npm start, into a folder of its own (default ${DEV_OUT},
so npm run build and npm start never change what it serves), then builds again after every
change under records/, site/ and reloads open pages. The issue forms in ${FORMS_DIR}/ follow
the event: dev writes those that differ (as npm run forms does) and says so. A broken record
prints its errors, open pages show them over the last good site, and reload once a save fixes
them. Each rebuild lists the problems of the files that changed and those new since the last
build, and counts the rest in one line (npm run validate lists every one).`;

/**
 * `npm run dev`: like `npm start`, and after any change to what it reads builds again through
 * the same pipeline, with the content cache, writing only files whose bytes changed, in a folder of
 * its own (DEV_OUT) that it claims while it runs (serving-claim.ts). A broken record prints its
 * errors, the last good site keeps being served and open pages show the errors over it; they
 * reload after each good rebuild (dev-reload.ts), without anything of it in the built site.
 */
await runCommand(USAGE, dev, { devOut: true });

async function dev(options: CliOptions): Promise<void> {
  // The previous build's records stay in memory: a save reads and parses only the files it names.
  const memory = new BuildMemory();
  const build: BuildOptions = { ...options, memory };
  // generatedAt stays that of the first good build, so a save rewrites the documents it changes,
  // not every API document's envelope.
  const pin = (result: BuildResult | undefined) => {
    if (result?.ok && build.env === undefined) build.env = pinnedSourceDate(result.model.generatedAt);
  };
  // The forms follow the event and the schemas: written again, and said, before each build.
  const forms = async () => {
    const written = await updateForms(options.root, await readEvent(options.root));
    if (written.length)
      console.log(
        `updated the issue forms from ${EVENT_FILE} and the schemas (a form edited by hand is written again): ${written.map((file) => file.slice(FORMS_DIR.length + 1)).join(", ")}; commit them with the event`,
      );
  };
  // A save lists the problems of what changed, not every warning of the event again (dev-diagnostics.ts).
  let previous = new Set<string>();
  let changed = new Set<string>();
  const print = (first: boolean) => (diagnostics: readonly Diagnostic[]) => {
    const { shown, summary } = devReport(diagnostics, first ? undefined : { previous, changed });
    for (const d of shown) process.stdout.write(`${formatLine(d)}\n`);
    if (summary) process.stderr.write(`${summary}\n`);
    previous = new Set(diagnostics.map(diagnosticKey));
  };
  // Before the first build: a folder another server serves is refused before anything is written.
  claimServing(options.outDir, "npm run dev");
  const basePath = new URL(normalizeBaseUrl(options.baseUrl)).pathname;
  const reload = devReload(resolve(options.outDir), basePath);
  // A good build reloads open pages; a broken one lists its errors over them (and pages opened later).
  const show = (result: BuildResult | undefined) => {
    pin(result);
    if (result?.ok) reload.built(result.summary.written + result.summary.removed > 0);
    else reload.broken(result?.diagnostics);
  };
  await forms();
  show(
    await buildAndReport(build, "build stopped: fix the errors above; the site will build when you save", {
      print: print(true),
    }),
  );
  const { url } = await startServer({
    root: resolve(options.outDir),
    port: options.port,
    host: options.host,
    basePath,
    wrap: reload.wrap,
  });
  console.log(
    `serving ${options.outDir} at ${options.baseUrl} (listening on ${url}), watching ${WATCHED.map((folder) => `${folder}/`).join(", ")}`,
  );

  let running: Promise<unknown> = Promise.resolve();
  let saved = new Set<string>();
  // A change the system named no file for: the next build reads every record again.
  let unnamed = false;
  // Never two builds at once: the next waits for the one running.
  const rebuild = afterBurst(QUIET_MS, () => {
    running = running.then(async () => {
      // What was saved until now is this build's; saves from here on are the next one's.
      [changed, saved] = [saved, new Set()];
      // The forms are made from the event alone: a save that did not touch it (or a folder above it)
      // leaves them as they are, without the event read and the forms made and compared (10–25 ms).
      const event =
        unnamed || [...changed].some((path) => path === EVENT_FILE || EVENT_FILE.startsWith(`${path}/`));
      memory.saw(unnamed ? [...changed, undefined] : changed);
      unnamed = false;
      if (event) await forms();
      const result = await buildAndReport(
        build,
        "build stopped: still serving the last good site, with these errors over its pages",
        { quiet: true, print: print(false) },
      );
      show(result);
      lookAgain();
    });
  });
  // A change the watcher dropped (a full queue during a checkout) is found once a build is done.
  const lookAgain = () =>
    void memory.missed(options.root).then((files) => {
      if (!files?.length) return;
      for (const file of files) saved.add(file);
      rebuild();
    });
  lookAgain();
  watchFolders(options.root, WATCHED, (path) => {
    // The forms are derived: a change to one is written back (and said), never a build of its own.
    if (path?.startsWith(`${FORMS_DIR}/`)) return void forms();
    if (path) saved.add(path);
    else unnamed = true;
    rebuild();
  });
}
