import { availableParallelism } from "node:os";
import { BuildWorkers } from "./workers.ts";

/** Below this many records a worker's start-up costs more than it saves. */
export const PARALLEL_FROM = 1000;

/**
 * How many threads a build uses: `requested` when given (tests force 1 or 2), else every core for
 * a large site and the main thread alone for a small one. Workers start once, when first needed.
 */
export class Threads {
  private workers: BuildWorkers | undefined;

  constructor(private readonly requested?: number) {}

  workersFor(records: number): BuildWorkers | undefined {
    const threads = this.requested ?? (records >= PARALLEL_FROM ? availableParallelism() : 1);
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
