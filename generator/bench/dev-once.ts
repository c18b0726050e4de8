import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RecordCache } from "../cache/record-cache.ts";
import { pinnedSourceDate } from "../load/source-date.ts";
import { build, type BuildOptions } from "../pipeline.ts";

/**
 * `npm run dev`'s rebuild after one project record changes, in a fresh process: the same build, with
 * the cache, writing only changed files and dated by the first build, as dev runs it after each save
 * (the debounce aside).
 * `dev-once.mjs <root> <out> <changes>`: a first build, then one timed rebuild per change.
 */
const [root, outDir, changes] = process.argv.slice(2) as [string, string, string];
const options: BuildOptions = {
  root,
  outDir,
  baseUrl: "https://registry.example/",
  cache: RecordCache.open(root),
};
const first = await build(options);
if (!first.ok) throw new Error("the synthetic event does not build");
options.env = pinnedSourceDate(first.model.generatedAt);
const rebuilds: Array<{ milliseconds: number; written: number }> = [];
for (let i = 0; i < Number(changes); i++) {
  const file = join(root, `records/projects/project-${i * 7}.yaml`);
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(/^tagline: (.*)$/m, `tagline: $1 Edited ${i}.`));
  const started = performance.now();
  const result = await build(options);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  rebuilds.push({ milliseconds: performance.now() - started, written: result.summary.written });
}
console.log(JSON.stringify({ first: first.summary.milliseconds, rebuilds }));
