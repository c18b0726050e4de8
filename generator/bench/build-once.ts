import { RecordCache } from "../cache/record-cache.ts";
import { build } from "../pipeline.ts";

/**
 * One build in a fresh process, as `npm run build` runs it, for the benchmark:
 * `build-once.mjs <root> <out> [--no-cache]`. Prints the summary and the process's peak memory.
 */
const [root, outDir, flag] = process.argv.slice(2);
const result = await build({
  root: root!,
  outDir: outDir!,
  baseUrl: "https://registry.example/",
  ...(flag === "--no-cache" ? {} : { cache: RecordCache.open(root!) }),
});
if (!result.ok) {
  console.error(JSON.stringify(result.diagnostics.filter((d) => d.severity === "error").slice(0, 5)));
  process.exit(1);
}
const warnings = result.diagnostics.length;
console.log(JSON.stringify({ ...result.summary, warnings, maxRssKiB: process.resourceUsage().maxRSS }));
