import { execFileSync } from "node:child_process";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Builders } from "./builders.ts";
import { log, paired, type Pair } from "./paired.ts";

/**
 * Issue 57's figure: Publish's build (one record changed, the record cache restored, a new folder)
 * of the event with one archived edition the size of the current one (a copy of it under
 * `editions/<id>/`, as `npm run init -- --next-edition` leaves it) against the event alone,
 * paired A B A B, each build in a fresh process. The goal: at most 15 % more.
 */
export async function editionFigures(
  builders: Builders,
  realistic: string,
  work: string,
  runs: number,
): Promise<Pair> {
  const root = join(work, "with-edition");
  log("copying the event and archiving a copy of it under editions/…");
  await cp(realistic, root, {
    recursive: true,
    // Each root keeps its own record cache, as each repository's Publish restores its own.
    filter: (source) => !source.includes("node_modules"),
  });
  const event = await readFile(join(realistic, "records/event.yaml"), "utf8");
  const id = /^startDate: "?(\d{4})/m.exec(event)?.[1] ?? "2025";
  const edition = join(root, "editions", id);
  // The schemas are the code's, not an edition's: an archive holds none (issue 57's shared design).
  await cp(join(realistic, "records"), join(edition, "records"), {
    recursive: true,
    filter: (source) => !source.endsWith("/schemas"),
  });
  await cp(join(realistic, "site"), join(edition, "site"), { recursive: true }).catch(() => undefined);
  const recordDates: Record<string, string> = {};
  for (const kind of ["teams", "projects"])
    for (const name of await readdir(join(edition, "records", kind)))
      if (name.endsWith(".yaml")) recordDates[`records/${kind}/${name}`] = "2025-06-01T12:00:00+00:00";
  const manifest = { id, generatedAt: "2025-06-02T12:00:00+00:00", recordDates };
  await writeFile(join(edition, "edition.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // Committed, as the archive is when Publish checks it out: git dates the current edition alone.
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("add", "editions");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-qm", "archive an edition");
  log("Publish's build with one archived edition / without…");
  return paired(
    "Publish's build with one archived edition / without",
    runs,
    builders.publish(root, join(work, "edition-out"), false),
    builders.publish(realistic, join(work, "alone-out")),
  );
}
