import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseRecord, parseRecordDocument } from "../load/parse-record.ts";

/**
 * Whether the quick reader still pays for itself: `load-once.mjs <root> <runs>` reads every record
 * file once, then times loading them all (reading and parsing) with the quick reader (which falls
 * back to the document API) and with the document API alone, alternately; prints the medians.
 */
const [root, runs] = process.argv.slice(2) as [string, string];
const files = ["teams", "projects"].flatMap((kind) =>
  readdirSync(join(root, "records", kind)).map((name) => join(root, "records", kind, name)),
);
const load = (parse: (file: string, text: string) => unknown) => {
  const started = performance.now();
  for (const file of files) parse(file, readFileSync(file, "utf8"));
  return performance.now() - started;
};
const quick: number[] = [];
const full: number[] = [];
for (let run = 0; run < Number(runs); run++) {
  quick.push(load(parseRecord));
  full.push(load(parseRecordDocument));
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
console.log(JSON.stringify({ quick: median(quick), full: median(full) }));
