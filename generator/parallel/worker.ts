import { parentPort } from "node:worker_threads";
import type { Model } from "../derive/model.ts";
import { renderAhead } from "./ahead.ts";
import { PageWriter } from "./page-tasks.ts";
import { checkRecords } from "./record-tasks.ts";
import type { Request } from "./workers.ts";

/** A build worker: it answers each request with the same task functions the main thread runs. */
let pages: PageWriter | undefined;

parentPort!.on("message", ({ id, task }: { id: number; task: Request }) => {
  // Rendering ahead is a worker's last task (see parallel/ahead.ts): it then stops.
  let last = false;
  try {
    let result: unknown;
    if (task.type === "records") result = checkRecords(task.root, task.sources);
    else if (task.type === "ahead") {
      for (const one of task.tasks) renderAhead(one);
      result = null;
      last = true;
    } else if (task.type === "site") {
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
});
