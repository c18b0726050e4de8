import { availableParallelism } from "node:os";
import { BuildWorkers } from "./workers.ts";

/** Below this many records a worker's start-up costs more than it saves. */
export const PARALLEL_FROM = 1000;
/**
 * On two cores a worker loses: both threads then run about 1.5 times slower than one alone, and
 * the model is copied to the worker, so a 10,000 + 10,000 build measured 2.8–3.1 s and 310 MiB
 * with one worker (started from the bundle in about 50 ms) against 2.8–2.9 s and 210 MiB without.
 */
export const PARALLEL_CORES = 4;

/**
 * How many threads a build uses: `requested` when given (tests force 1 or 2), else every core for
 * a large site on a machine with enough cores, and the main thread alone otherwise. Workers start
 * once, when first needed.
 */
export class Threads {
  private workers: BuildWorkers | undefined;

  constructor(private readonly requested?: number) {}

  workersFor(records: number): BuildWorkers | undefined {
    const cores = availableParallelism();
    const threads = this.requested ?? (records >= PARALLEL_FROM && cores >= PARALLEL_CORES ? cores : 1);
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
