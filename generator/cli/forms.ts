import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeForms } from "../load/forms/form-files.ts";
import { parseRecord } from "../load/parse-record.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { runCommand } from "./options.ts";

const USAGE = `usage: npm run forms

Writes the issue forms in .github/ISSUE_TEMPLATE/ from the record schemas and records/event.yaml
(its tracks and robots). Run it after changing either: Validate refuses forms that differ.`;

/** `npm run forms`: writes the intake's issue forms from the record schemas and records/event.yaml. */
await runCommand(USAGE, async ({ root }) => {
  const text = await readFile(join(root, EVENT_FILE), "utf8").catch(() => {
    throw new Error(`${EVENT_FILE} must exist under ${root}: the forms offer its tracks and robots`);
  });
  for (const file of await writeForms(root, parseRecord(EVENT_FILE, text).data)) console.log(`wrote ${file}`);
});
