import { execFile, spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { get } from "node:http";
import { join, sep } from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { REPO_ROOT } from "../contract/render-record-types.ts";
import { COMPRESS_FROM } from "../serve/precompressed.ts";
import { nodeFlags } from "./node-flags.ts";

const run = promisify(execFile);

export interface LoadRow {
  name: string;
  /** autocannon's requests per second. */
  ours: number;
  plain: number;
  /**
   * The same with a plain Node keep-alive client. autocannon reads a binary body far slower than
   * a text one, whoever sends it: 200 KB of brotli from a bare Node server came at about 420
   * requests per second, 200 KB of zeros at about 21,700. So its figure for a compressed body
   * measures autocannon; this one measures the server.
   */
  oursNode: number;
  plainNode: number;
  /** Non-2xx answers and socket errors, summed over both servers. */
  failures: number;
}

export type LoadFigures = LoadRow[];

const SCENARIOS: Array<{ name: string; path: string; headers: Record<string, string> }> = [
  { name: "api/projects.json", path: "api/projects.json", headers: {} },
  {
    name: "api/projects.json, Accept-Encoding: br, gzip",
    path: "api/projects.json",
    headers: { "accept-encoding": "br, gzip" },
  },
  { name: "teams/team-1.html (a small page)", path: "teams/team-1.html", headers: {} },
];

/** Requests per second on 127.0.0.1 for our server and for sirv, each in its own process. */
export async function loadFigures(dir: string, seconds: number): Promise<LoadFigures> {
  const results = new Map<string, Omit<LoadRow, "name">>();
  for (const which of ["ours", "plain"] as const) {
    const { proc, url } = await serve(dir, which);
    try {
      if (which === "ours") await compressedCopiesReady(dir, url);
      for (const scenario of SCENARIOS) {
        // A warm-up, as in use: code is compiled, and our server keeps the file in memory.
        await autocannon({
          url: url + scenario.path,
          connections: 4,
          duration: 1,
          headers: scenario.headers,
        });
        const node = await keepAliveRate(url + scenario.path, scenario.headers, seconds);
        const result = await autocannon({
          url: url + scenario.path,
          connections: 10,
          duration: seconds,
          headers: scenario.headers,
        });
        const row = results.get(scenario.name) ?? {
          ours: 0,
          plain: 0,
          oursNode: 0,
          plainNode: 0,
          failures: 0,
        };
        row[which] = Math.round(result.requests.average);
        row.failures += result.non2xx + result.errors + result.timeouts;
        row[which === "ours" ? "oursNode" : "plainNode"] = node.rate;
        row.failures += node.failures;
        results.set(scenario.name, row);
      }
    } finally {
      proc.kill();
    }
  }
  return [...results].map(([name, row]) => ({ name, ...row }));
}

/** Requests per second from Node's own HTTP client, run in a process of its own (keep-alive-client.ts). */
async function keepAliveRate(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<{ rate: number; failures: number }> {
  const args = ["generator/run.mjs", "generator/bench/keep-alive-client.ts", url, JSON.stringify(headers)];
  const { stdout } = await run(process.execPath, [...args, String(seconds)], { cwd: REPO_ROOT });
  return JSON.parse(stdout) as { rate: number; failures: number };
}

/**
 * Our server compresses every large JSON document in both encodings once after it starts, on
 * libuv's threads; measure once all of that is done, as in use, or the first figures share the
 * machine with the compression.
 */
async function compressedCopiesReady(dir: string, url: string): Promise<void> {
  const names = await readdir(dir, { recursive: true });
  const large = names.filter(
    (name) => name.endsWith(".json") && statSync(join(dir, name)).size >= COMPRESS_FROM,
  );
  for (const name of large)
    for (const encoding of ["br", "gzip"])
      await compressedCopyReady(url + name.split(sep).join("/"), encoding);
}

async function compressedCopyReady(url: string, encoding: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const answered = await new Promise<string | undefined>((resolve, reject) =>
      get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers["content-encoding"]));
      }).on("error", reject),
    );
    if (answered === encoding) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never came in ${encoding}`);
}

/**
 * Serves `dir` from a process of its own with our server or with sirv, each with the Node flags
 * `npm start` gives; resolves with its URL.
 */
export function serve(dir: string, which: "ours" | "plain"): Promise<{ proc: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const args = [...nodeFlags("start"), "generator/run.mjs", "generator/bench/serve-once.ts", dir, which];
    const proc = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    proc.stdout!.once("data", (chunk: Buffer) => resolve({ proc, url: chunk.toString().trim() }));
    proc.on("error", reject);
  });
}
