import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DevBuild } from "../incremental/dev-build.ts";

/**
 * `npm run dev`'s rebuild after one project record changes, timed in a fresh process:
 * `dev-once.ts <root> <out> <changes>`. The first change is a warm-up (it also writes the
 * documents about the whole site once); the rest are timed, each on another project.
 */
const [root, outDir, changes] = process.argv.slice(2);
const dev = new DevBuild({ root: root!, outDir: outDir!, baseUrl: "https://registry.example/" });
const first = await dev.rebuild();
if (!first.ok) throw new Error("the synthetic event does not build");
const rebuilds: Array<{ milliseconds: number; rendered: number; written: number }> = [];
for (let i = 0; i <= Number(changes); i++) {
  const file = `records/projects/project-${i * 7}.yaml`;
  const text = await readFile(join(root!, file), "utf8");
  await writeFile(join(root!, file), text.replace(/^tagline: (.*)$/m, `tagline: $1 Edited ${i}.`));
  const result = await dev.rebuild(new Set([file]));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  if (i > 0)
    rebuilds.push({ milliseconds: result.milliseconds, rendered: result.rendered, written: result.written });
}
console.log(JSON.stringify({ full: first.milliseconds, rebuilds }));
