import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../generator/bench/synthetic-event.ts";
import { build } from "../generator/pipeline.ts";
import { bundleKey, entryPoints } from "../generator/run.mjs";
import { FIXTURES, REPO, tempDir } from "./helpers/fixture-root.ts";
import { readTree } from "./helpers/read-tree.ts";
import { runProcess } from "./helpers/run-cli.ts";

/** `node generator/run.mjs …` as npm scripts run it, with its bundle cache in `cache`. */
function launch(cache: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return runProcess(["generator/run.mjs", ...args], {
    PATH: process.env.PATH,
    REGISTRY_BUNDLE_CACHE: cache,
    ...env,
  });
}

describe("generator/run.mjs runs our entry points from a compiled bundle", () => {
  it("keys the bundle on every source file, the installed packages and the Node version", async () => {
    const root = await tempDir();
    await mkdir(join(root, "generator/cli"), { recursive: true });
    await mkdir(join(root, "node_modules"), { recursive: true });
    await writeFile(join(root, "generator/cli/build.ts"), "export {};\n");
    await writeFile(join(root, "package.json"), "{}\n");
    await writeFile(join(root, "node_modules/.package-lock.json"), "{}\n");
    const first = bundleKey(root);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(bundleKey(root)).toBe(first);

    await writeFile(join(root, "generator/cli/build.ts"), "export const changed = 1;\n");
    const edited = bundleKey(root);
    expect(edited).not.toBe(first);
    await writeFile(join(root, "generator/cli/theme.css"), "p {}\n");
    const added = bundleKey(root);
    expect(added).not.toBe(edited);
    await utimes(join(root, "node_modules/.package-lock.json"), new Date(0), new Date(0));
    expect(bundleKey(root)).not.toBe(added);
  });

  it("lists every command, the Actions and the build worker, and each exists", async () => {
    const entries = entryPoints();
    for (const entry of [
      "generator/cli/build.ts",
      "generator/cli/dev.ts",
      "generator/cli/start.ts",
      "generator/cli/validate.ts",
      "generator/bench/bench.ts",
      "generator/github/validate/index.ts",
      "generator/parallel/worker.ts",
    ])
      expect(entries).toContain(entry);
    for (const entry of entries) expect((await stat(join(REPO, entry))).isFile()).toBe(true);
  });

  it("compiles once, then reuses the bundle; files beside a source are read from the source", async () => {
    const cache = await tempDir();
    const out = join(await tempDir(), "dist");
    const args = ["generator/cli/build.ts", "--root", join(FIXTURES, "valid"), "--out", out];
    const first = await launch(cache, args);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const [made] = await readdir(cache);
    expect(made).toBe(bundleKey());
    const compiled = join(cache, made!, "cli/build.mjs");
    const compiledAt = (await stat(compiled)).mtimeMs;
    // The theme is read beside its TypeScript source, not beside the bundle.
    expect(await readFile(join(out, "assets/site.css"), "utf8")).toBe(
      await readFile(join(REPO, "generator/render/theme/site.css"), "utf8"),
    );

    const second = await launch(cache, args);
    expect(second.code).toBe(0);
    expect(await readdir(cache)).toEqual([made]);
    expect((await stat(compiled)).mtimeMs).toBe(compiledAt);
  });

  it("refuses a file that is not an entry point", async () => {
    const result = await launch(await tempDir(), ["generator/pipeline.ts"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("generator/pipeline.ts is not an entry point");
  });

  it("starts build workers from the bundle, with the bytes of a single-threaded build", async () => {
    const root = await tempDir();
    await writeSyntheticEvent(root, { teams: 100, projects: 100 });
    const baseUrl = "https://registry.example/sprint/";
    const env = { SOURCE_DATE_EPOCH: "1764000000" };
    const threaded = join(await tempDir(), "dist");
    const run = await launch(
      join(REPO, "node_modules/.cache/hackathon-registry"),
      ["generator/bench/build-once.ts", root, threaded, "2", baseUrl],
      env,
    );
    expect(run.code).toBe(0);
    const single = join(await tempDir(), "dist");
    expect((await build({ root, outDir: single, baseUrl, env, threads: 1 })).ok).toBe(true);
    const expected = await readTree(single);
    const actual = await readTree(threaded);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    expect([...expected].filter(([path, bytes]) => !actual.get(path)!.equals(bytes))).toEqual([]);
  });
});
