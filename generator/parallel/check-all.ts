import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordSource } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import type { RecordTimes } from "../validate/check-record.ts";
import { checkRecords, type RecordsDone } from "./record-tasks.ts";
import { chunked, shareWork, type BuildWorkers } from "./workers.ts";

/** Chunks small enough that the main thread lets a finished worker in often, big enough to cost little. */
const RECORDS_PER_CHUNK = 250;

/** Reads, parses and schema-checks every record, in `sources` order, sharing chunks with the workers. */
export async function checkAll(
  root: string,
  sources: readonly RecordSource[],
  workers?: BuildWorkers,
): Promise<{ records: RecordFile[]; diagnostics: Diagnostic[]; times: RecordTimes }> {
  const remotes = Array.from(
    { length: workers?.size ?? 0 },
    (_, i) => (chunk: RecordSource[]) =>
      workers!.run<RecordsDone>(i, { type: "records", root, sources: chunk }),
  );
  const done = await shareWork(
    chunked(sources, RECORDS_PER_CHUNK),
    (chunk) => checkRecords(root, chunk),
    remotes,
  );
  return {
    records: done.flatMap((d) => d.records),
    diagnostics: done.flatMap((d) => d.diagnostics),
    times: {
      load: done.reduce((sum, d) => sum + d.times.load, 0),
      validate: done.reduce((sum, d) => sum + d.times.validate, 0),
    },
  };
}
