import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { servedProcess, type Served } from "./served-process.ts";

/**
 * A dev server measured from outside: where project `k`'s source file is, where its page is served,
 * and the line it prints when a rebuild is done.
 */
export interface DevServer {
  name: string;
  served: Served;
  file(k: number): string;
  page(k: number): string;
  rebuilt: RegExp;
}

/** How long a first build (10,000 + 10,000: about a minute on a busy machine) or a save may take. */
const START_MS = 300_000;
const SAVE_MS = 60_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The page's text, or undefined while it is not served (a server may close mid-body while it rebuilds). */
async function get(url: string): Promise<string | undefined> {
  const response = await fetch(url).catch(() => undefined);
  return response?.ok ? await response.text().catch(() => undefined) : undefined;
}

async function served(server: DevServer, k: number): Promise<DevServer> {
  const started = performance.now();
  while ((await get(server.page(k))) === undefined) {
    if (performance.now() - started > START_MS)
      throw new Error(
        `${server.name} never served ${server.page(k)}; its last lines:\n${server.served.tail()}`,
      );
    await sleep(50);
  }
  return server;
}

/**
 * `node compiled/cli/dev.mjs` on `root`, as `npm run dev` starts it (`nodeFlags` from its script),
 * on a free port of 127.0.0.1, once it serves.
 */
export async function ourDev(root: string, out: string, nodeFlags: string[]): Promise<DevServer> {
  const args = [...nodeFlags, "compiled/cli/dev.mjs", "--root", root, "--out", out, "--port", "0"];
  const child = servedProcess("npm run dev", process.execPath, [...args, "--base-url", "http://127.0.0.1/"]);
  const listening = await child.line(/listening on http:\/\/\S+\)/, 0, START_MS).catch(async (error) => {
    await child.stop();
    throw error;
  });
  const url = /listening on (http:\/\/\S+?)\)/.exec(listening)![1]!.replace(/\/?$/, "/");
  const slug = projectSlugs(join(root, "records/projects"), ".yaml");
  return served(
    {
      name: "npm run dev",
      served: child,
      file: (k) => join(root, `records/projects/${slug(k)}.yaml`),
      page: (k) => `${url}projects/${slug(k)}.html`,
      rebuilt: /^built /,
    },
    0,
  );
}

/**
 * The slug of the `k`th project file in `folder` (by name), whatever the event calls its projects:
 * the synthetic event's `project-<k>`, the shared realistic event's `p-00001-<words>`.
 */
export function projectSlugs(folder: string, extension: string): (k: number) => string {
  const slugs = readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => name.slice(0, -extension.length));
  return (k) => slugs[k % slugs.length]!;
}

/** A free TCP port on 127.0.0.1, for a server that cannot pick its own. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on("error", fail);
  });
}

/**
 * `hugo server` on the kit and `content` (from prep.mjs), rendering to `destination` and serving
 * from there as ours does, live reload off; Hugo's default (fast) render mode unless `flags` say otherwise.
 */
export async function hugoServer(
  kit: string,
  content: string,
  destination: string,
  flags: string[] = [],
): Promise<DevServer> {
  const port = await freePort();
  const args = ["server", ...flags, "--source", kit, "--contentDir", content, "--destination", destination];
  args.push("--renderToDisk", "--disableLiveReload", "--noBuildLock", "--bind", "127.0.0.1");
  const child = servedProcess("hugo server", "hugo", [...args, "--port", String(port)]);
  const slug = projectSlugs(join(content, "projects"), ".md");
  return served(
    {
      name: "hugo server",
      served: child,
      // prep.mjs writes each record as content/<kind>/<slug>.md, its fields as front matter.
      file: (k) => join(content, `projects/${slug(k)}.md`),
      page: (k) => `http://127.0.0.1:${port}/projects/${slug(k)}/`,
      rebuilt: /^Total in \d+ ms/,
    },
    0,
  ).catch(async (error) => {
    await child.stop();
    throw error;
  });
}

/**
 * One save, timed from outside: replaces project `k`'s tagline in its source file with a new text,
 * then asks for its page every 5 ms until the page served holds the new text; milliseconds from
 * the write to that response. Then waits for the rebuild to finish, so saves do not overlap.
 */
export async function saveToPage(
  server: DevServer,
  k: number,
  n: number,
  timeoutMs = SAVE_MS,
): Promise<number> {
  const file = server.file(k);
  const text = await readFile(file, "utf8");
  const tagline = `Saved for the benchmark ${n} ${Date.now().toString(36)}`;
  if (!/^tagline: .*$/m.test(text)) throw new Error(`${file}: expected a "tagline: " line, found none`);
  const from = server.served.lines.length;
  const started = performance.now();
  await writeFile(file, text.replace(/^tagline: .*$/m, `tagline: ${tagline}`));
  for (;;) {
    if ((await get(server.page(k)))?.includes(tagline)) break;
    if (performance.now() - started > timeoutMs)
      throw new Error(
        `${server.name}: ${server.page(k)} did not show "${tagline}" within ${timeoutMs} ms of saving ${file}; its last lines:\n${server.served.tail()}`,
      );
    await sleep(5);
  }
  const ms = performance.now() - started;
  await server.served.line(server.rebuilt, from, SAVE_MS);
  await sleep(100);
  return ms;
}
