import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type Transferable } from "node:worker_threads";
import type { Model } from "../derive/model.ts";
import type { RecordSource } from "../load/load-records.ts";
import type { AheadTask } from "./ahead.ts";
import type { PagesChunk } from "./page-tasks.ts";

export type Request =
  | { type: "records"; root: string; sources: RecordSource[] }
  | { type: "site"; model: Model; staging: string }
  | { type: "pages"; chunk: PagesChunk }
  | { type: "ahead"; tasks: AheadTask[] };

/** Set by generator/run.mjs: the folder of the compiled bundle our code runs from. */
const BUNDLE_KEY = Symbol.for("hackathon-registry.bundle");

/**
 * A worker's young generation is kept small: its work is one chunk at a time, and V8's default
 * (up to 32 MB) only raised the build's peak memory (10,000 + 10,000: about 15 MB more).
 */
const LIMITS = { maxYoungGenerationSizeMb: 4 };

/**
 * A build worker runs the same code as the main thread: the bundle's worker when the command runs
 * from generator/run.mjs's bundle (it starts in about 50 ms), else our TypeScript through tsx's
 * API (a worker does not inherit the main thread's `--import tsx`; it starts in 300–700 ms).
 */
function startWorker(): Worker {
  const bundle = (globalThis as { [BUNDLE_KEY]?: string })[BUNDLE_KEY];
  if (bundle) return new Worker(join(bundle, "parallel", "worker.mjs"), { resourceLimits: LIMITS });
  const tsx = join(
    dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
    "dist/esm/api/index.mjs",
  );
  const entry = new URL("./worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, resourceLimits: LIMITS });
}

/** Worker threads for a build, started while the main thread is already working. */
export class BuildWorkers {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private stopped = 0;

  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => {
      const worker = startWorker();
      worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (error !== undefined) waiting?.reject(new Error(`in a build worker: ${error}`));
        else waiting?.resolve(result);
      });
      worker.on("error", (error: Error) => this.failAll(error));
      worker.on("exit", (code) => {
        this.stopped++;
        this.failAll(new Error(`a build worker stopped (exit code ${code})`));
      });
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Workers that have not stopped (one that rendered ahead stops by itself). */
  get running(): number {
    return this.workers.length - this.stopped;
  }

  /** Sends `task` to worker `index` (moving `transfer`, such as a port, to it) and resolves with its answer. */
  run<T>(index: number, task: Request, transfer: Transferable[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.workers[index]!.postMessage({ id, task }, transfer);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * Runs every chunk once, on the main thread (`local`) and on each worker (`remote`), whoever is
 * free takes the next chunk; results come back in chunk order. Each worker has two chunks in hand,
 * so it never waits for the busy main thread to hand it the next one.
 */
export async function shareWork<C, R>(
  chunks: readonly C[],
  local: (chunk: C) => R,
  remotes: ReadonlyArray<(chunk: C) => Promise<R>>,
): Promise<R[]> {
  const results: R[] = new Array<R>(chunks.length);
  let next = 0;
  const remoteLoops = [...remotes, ...remotes].map(async (run) => {
    while (next < chunks.length) {
      const i = next++;
      results[i] = await run(chunks[i]!);
    }
  });
  while (next < chunks.length) {
    const i = next++;
    results[i] = local(chunks[i]!);
    // Let the workers' answers in, so an idle worker gets its next chunk.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(remoteLoops);
  return results;
}

export function chunked<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}
