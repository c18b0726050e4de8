import { availableParallelism } from "node:os";
import { BuildWorkers } from "./workers.ts";

/** Below this many records a worker's start-up costs more than it saves. */
export const PARALLEL_FROM = 1000;
/**
 * On 2 cores the one worker pays off only from about 10,000 records (measured on this machine kind,
 * interleaved: 5,000 + 5,000 built in 1.09–1.14 s on one thread against 1.15–1.22 s with the worker,
 * 10,000 + 10,000 in 1.79–2.01 s against 1.72–1.87 s, 20,000 + 20,000 in 3.2 s against 2.7 s).
 */
export const PARALLEL_FROM_ON_2_CORES = 10_000;

/**
 * How many threads a build uses: `requested` when given (tests force 1, 2 or 3), else every core
 * for a large site, and the main thread alone for a small one. Workers start once, when first
 * needed. On 2 cores the one worker checks about half the records, then renders Markdown ahead (see
 * write-all.ts).
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
