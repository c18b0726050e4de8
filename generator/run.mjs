// @ts-check
/**
 * `node generator/run.mjs generator/cli/build.ts [args…]`: runs one of our TypeScript entry points
 * from a bundle that esbuild compiles once and keeps until a source file changes. Loading the
 * generator through tsx took about 400 ms per command (every module of ours and of the packages
 * resolved and compiled through loader hooks); the bundle loads in about 60 ms, and a build worker
 * starts from it without compiling anything. Tests and `vitest` still run the sources directly.
 *
 * The bundle lives in node_modules/.cache/hackathon-registry/<key>/, where the key hashes the path,
 * size and modification time of every file under generator/, the installed packages and the Node
 * version: a change to any of them gives a new bundle.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = join(ROOT, "generator");
/** Read by parallel/workers.ts (which cannot import this file): the folder of the running bundle. */
const BUNDLE_KEY = Symbol.for("hackathon-registry.bundle");
/** Bundles unused this long are removed when a new one is made (a running build may still need one). */
const KEEP_MS = 60 * 60 * 1000;

/** Entry points: every command, the benchmark's processes, the Actions and the build worker. */
export function entryPoints() {
  const under = (/** @type {string} */ folder) =>
    readdirSync(join(SOURCES, folder))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `generator/${folder}/${name}`);
  return [
    ...under("cli"),
    ...under("bench"),
    "generator/github/report/index.ts",
    "generator/github/validate/index.ts",
    "generator/parallel/worker.ts",
  ].sort();
}

/** What the bundle is made from, as a short hash: a new key whenever any input changes. */
export function bundleKey(root = ROOT) {
  const hash = createHash("sha256").update(`node ${process.versions.node}\n`);
  const stamp = (/** @type {string} */ file) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    hash.update(`${relative(root, file)}\0${stats?.size}\0${stats?.mtimeMs}\n`);
  };
  const walk = (/** @type {string} */ folder) => {
    const entries = readdirSync(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else stamp(path);
    }
  };
  walk(join(root, "generator"));
  stamp(join(root, "package.json"));
  stamp(join(root, "node_modules", ".package-lock.json"));
  return hash.digest("hex").slice(0, 16);
}

/**
 * esbuild gives every module of a bundle the bundle's `import.meta.url`; ours read files beside
 * their source (theme/, the repository root), so each keeps its own source's URL.
 */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(/** @type {import("esbuild").PluginBuild} */ build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(SOURCES)) return undefined;
      const text = await readFile(args.path, "utf8");
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Compiles every entry point into `outdir`, sharing chunks; throws esbuild's errors.
 * @param {string} outdir
 */
export async function compile(outdir, root = ROOT) {
  const esbuild = await import("esbuild");
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: entryPoints(),
    outdir,
    outbase: "generator",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: `node${process.versions.node}`,
    sourcemap: "linked",
    logLevel: "error",
    plugins: [sourceUrls],
    // Tools only the benchmark and development use load from node_modules, as they are.
    external: Object.keys(manifest.devDependencies ?? {}),
    // Packages written as CommonJS call require() for Node's own modules.
    banner: {
      js: 'import { createRequire as __registryRequire } from "node:module"; const require = __registryRequire(import.meta.url);',
    },
  });
}

/** The folder of an up-to-date bundle, compiling one first if there is none. */
export async function bundle(
  cache = process.env.REGISTRY_BUNDLE_CACHE ?? join(ROOT, "node_modules", ".cache", "hackathon-registry"),
) {
  const dir = join(cache, bundleKey());
  if (statSync(join(dir, "ready"), { throwIfNoEntry: false })) return dir;
  const staging = `${dir}.${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    await compile(staging);
    mkdirSync(join(staging, "ready"));
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another process made the same bundle at the same time: use theirs.
    if (!statSync(join(dir, "ready"), { throwIfNoEntry: false })) throw error;
  }
  const now = Date.now();
  for (const name of readdirSync(cache)) {
    const other = join(cache, name);
    const stats = statSync(other, { throwIfNoEntry: false });
    if (other !== dir && stats && now - stats.mtimeMs > KEEP_MS)
      rmSync(other, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Runs `entry` (a path like generator/cli/build.ts) from the bundle with `args`.
 * @param {string} entry
 * @param {string[]} args
 */
export async function run(entry, args) {
  const name = relative(SOURCES, resolve(ROOT, entry)).split(sep).join("/");
  if (!entryPoints().includes(`generator/${name}`))
    throw new Error(`${entry} is not an entry point (see entryPoints() in generator/run.mjs)`);
  const dir = await bundle();
  // Marks the bundle as in use, so another process does not remove it as old.
  utimesSync(dir, new Date(), new Date());
  const file = join(dir, name.replace(/\.ts$/, ".mjs"));
  /** @type {Record<symbol, string>} */ (globalThis)[BUNDLE_KEY] = dir;
  process.argv = [process.argv[0] ?? process.execPath, file, ...args];
  await import(pathToFileURL(file).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error("usage: node generator/run.mjs <generator/…/entry.ts> [args…]");
    process.exit(2);
  }
  await run(entry, args);
}
