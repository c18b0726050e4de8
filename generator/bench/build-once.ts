import { build } from "../pipeline.ts";

/**
 * One clean build in a fresh process, as `npm run build` runs it, for the benchmark:
 * `build-once.ts <root> <out> [threads] [base URL]`. Prints the summary and the process's peak memory.
 */
const [root, outDir, threads, baseUrl] = process.argv.slice(2);
const result = await build({
  root: root!,
  outDir: outDir!,
  baseUrl: baseUrl ?? "https://registry.example/",
  ...(threads ? { threads: Number(threads) } : {}),
});
if (!result.ok) {
  console.error(JSON.stringify(result.diagnostics.slice(0, 5)));
  process.exit(1);
}
const { milliseconds, times, files, bytes, records } = result.summary;
console.log(
  JSON.stringify({ milliseconds, times, files, bytes, records, maxRssKiB: process.resourceUsage().maxRSS }),
);
