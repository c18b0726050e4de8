import { parentPort } from "node:worker_threads";
import type { Model } from "../derive/model.ts";
import type { PageWriter } from "./page-tasks.ts";
import { checkRecords } from "./record-tasks.ts";
import type { Request } from "./workers.ts";

/**
 * A build worker: it answers each request with the same task functions the main thread runs. The
 * rendering code is loaded only when a render task comes, so a worker checking records starts
 * sooner (as `npm run validate` does, loading none of it).
 */
let pages: PageWriter | undefined;
/** Requests are answered one at a time, in order, even while one waits for its code to load. */
let queue = Promise.resolve();

parentPort!.on("message", (message: { id: number; task: Request }) => {
  queue = queue.then(() => answer(message));
});

async function answer({ id, task }: { id: number; task: Request }): Promise<void> {
  // Rendering ahead is a worker's last task (see parallel/ahead.ts): it then stops.
  let last = false;
  try {
    let result: unknown;
    if (task.type === "records") result = checkRecords(task.root, task.sources);
    else if (task.type === "ahead") {
      const { renderAhead } = await import("./ahead.ts");
      for (const one of task.tasks) renderAhead(one);
      result = null;
      last = true;
    } else if (task.type === "site") {
      const { PageWriter } = await import("./page-tasks.ts");
      pages = new PageWriter(task.model as Model, task.staging);
      result = null;
    } else {
      if (!pages) throw new Error("pages were requested before the site");
      result = pages.write(task.chunk);
    }
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).stack ?? String(error) });
  }
  if (last) parentPort!.close();
}
