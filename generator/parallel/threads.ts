import { availableParallelism } from "node:os";
import { BuildWorkers } from "./workers.ts";

/** Below this many records a worker's start-up costs more than it saves. */
export const PARALLEL_FROM = 1000;
/**
 * On 2 cores the one worker pays off only from about 10,000 records (measured on this machine kind:
 * 2,500 + 2,500 built in 0.78–0.80 s on one thread against 0.86–0.88 s with the worker, 5,000 +
 * 5,000 in the same 1.2 s either way, 10,000 + 10,000 in 2.3 s against 2.0–2.1 s).
 */
export const PARALLEL_FROM_ON_2_CORES = 10_000;

/**
 * How many threads a build uses: `requested` when given (tests force 1, 2 or 3), else every core
 * for a large site, and the main thread alone for a small one. Workers start once, when first
 * needed. On 2 cores the one worker checks about half the records, then renders Markdown ahead (see
 * write-all.ts): at 10,000 + 10,000 a clean build took 2.05–2.25 s against 2.35–2.60 s on one thread.
 */
export class Threads {
  private workers: BuildWorkers | undefined;

  constructor(private readonly requested?: number) {}

  workersFor(records: number): BuildWorkers | undefined {
    const threads = threadCount(records, availableParallelism(), this.requested);
    if (threads > 1 && !this.workers) this.workers = new BuildWorkers(threads - 1);
    return this.workers;
  }

  get current(): BuildWorkers | undefined {
    return this.workers;
  }

  async close(): Promise<void> {
    await this.workers?.close();
    this.workers = undefined;
  }
}

/** Threads for `records` records on `cores` cores: every core for a large site, unless `requested`. */
export function threadCount(records: number, cores: number, requested?: number): number {
  if (requested !== undefined) return requested;
  return records >= (cores > 2 ? PARALLEL_FROM : PARALLEL_FROM_ON_2_CORES) ? cores : 1;
}
