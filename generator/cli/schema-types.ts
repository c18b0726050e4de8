import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { renderRecordTypes, REPO_ROOT, TYPES_PATH } from "../contract/render-record-types.ts";

/**
 * Generates `generator/contract/records.ts` from `records/schemas/`, so the code's record types come
 * from the schemas. `--check` fails when the committed file is stale.
 */
if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(
    "usage: npm run schema:types [-- --check]\n\nWrites generator/contract/records.ts from records/schemas/; --check fails when it is stale.",
  );
  process.exit(0);
}
const typesFile = join(REPO_ROOT, TYPES_PATH);
const text = await renderRecordTypes();
if (process.argv.includes("--check")) {
  const current = await readFile(typesFile, "utf8").catch(() => "");
  if (current !== text) {
    console.error(`${typesFile} is stale: run npm run schema:types`);
    process.exit(1);
  }
} else await writeFile(typesFile, text);
