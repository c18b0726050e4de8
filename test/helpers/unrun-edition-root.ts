import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { seriesRoot, writeManifest } from "./series-root.ts";

/** When the archived edition's records last changed: before its own deadlines (5 and 6 December 2026). */
export const ARCHIVED_EARLY = "2026-11-20T10:00:00+01:00";

/**
 * The series of series-root.ts with its archived edition (the sample event, editions/2026/)
 * archived before its own dates and without awards, as `npm run init -- --next-edition` leaves an
 * edition that never ran: what a reviewer saw still inviting registration (issues 57 and 58).
 * Build it with `GITHUB_REPOSITORY` set, so the forms are known.
 */
export async function unrunEditionRoot(): Promise<string> {
  const root = await seriesRoot();
  const event = join(root, "editions/2026/records/event.yaml");
  await writeFile(event, (await readFile(event, "utf8")).replace(/^awards:[\s\S]*$/m, ""));
  await writeManifest(root, "2026", { id: "2026", generatedAt: ARCHIVED_EARLY, recordDates: {} });
  return root;
}
