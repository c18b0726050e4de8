import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { updateForms } from "../../load/forms/form-files.ts";
import { parseRecord } from "../../load/parse-record.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { commandRun } from "../options.ts";
import type { CommandOutput } from "../print-diagnostics.ts";

export const USAGE = `usage: npm run forms

Writes the issue forms in .github/ISSUE_TEMPLATE/ from the record schemas and records/event.yaml
(its tracks and robots). Run it after changing either: Validate refuses forms that differ.`;

/**
 * `npm run forms`: writes the intake's issue forms that differ from what the schemas and
 * records/event.yaml make. `io.env`: the environment the flags fall back on (this process's by default).
 */
export async function run(args: string[], io: CommandOutput & { env?: NodeJS.ProcessEnv }): Promise<number> {
  const code = await commandRun(USAGE, args, io.env ?? process.env, io, async ({ root }) => {
    const text = await readFile(join(root, EVENT_FILE), "utf8").catch(() => {
      throw new Error(`${EVENT_FILE} must exist under ${root}: the forms offer its tracks and robots`);
    });
    const event = parseRecord(EVENT_FILE, text).data;
    if (event === undefined)
      throw new Error(`${EVENT_FILE} does not read as a record: npm run validate says why`);
    const written = await updateForms(root, event);
    for (const file of written) io.out(`wrote ${file}\n`);
    if (!written.length) io.out(`the issue forms already follow ${EVENT_FILE} and the schemas\n`);
    return 0;
  });
  return code ?? 0;
}
