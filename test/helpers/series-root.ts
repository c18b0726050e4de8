import { appendFile, cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EXAMPLE, FIXTURES, tempDir } from "./fixture-root.ts";

/** The archived sample event's manifest: its dates as its last build had them. */
export const ARCHIVED_AT = "2026-12-06T18:00:00+01:00";

/**
 * A repository in its second year, laid out as issue 57's shared design says: the sample event
 * archived by hand under `editions/2026/` (its records, handbook and images, `edition.json`, and
 * its winners),
 * and a small next event (the valid fixture moved to 2027) at the root, which takes the sample's
 * team slug `drone-dojo` for a team of its own.
 */
export async function seriesRoot(): Promise<string> {
  const root = await tempDir();
  await cp(join(FIXTURES, "valid"), root, { recursive: true });
  for (const file of await yamlFiles(join(root, "records")))
    await writeFile(file, (await readFile(file, "utf8")).replaceAll("2026-", "2027-"));
  await writeFile(
    join(root, "records/event.yaml"),
    (await readFile(join(root, "records/event.yaml"), "utf8")).replace(
      /^name: .*$/m,
      "name: Fixture Sprint 2027",
    ),
  );
  const team = await readFile(join(root, "records/teams/alpha-team.yaml"), "utf8");
  await writeFile(
    join(root, "records/teams/drone-dojo.yaml"),
    team.replace(/^name: .*$/m, "name: Dojo Reborn"),
  );
  const edition = join(root, "editions/2026");
  await cp(join(EXAMPLE, "records"), join(edition, "records"), { recursive: true });
  await cp(join(EXAMPLE, "site"), join(edition, "site"), { recursive: true });
  // The sample event's judging is over in its archive: its winners are what people look for.
  await appendFile(
    join(edition, "records/event.yaml"),
    "awards:\n  - name: Best overall project\n    projects: [soft-grasp]\n    prize: best-overall\n",
  );
  const recordDates: Record<string, string> = {};
  for (const kind of ["teams", "projects"])
    for (const name of (await readdir(join(edition, "records", kind))).sort())
      recordDates[`records/${kind}/${name}`] = "2026-12-05T10:00:00+01:00";
  await writeManifest(root, "2026", { id: "2026", generatedAt: ARCHIVED_AT, recordDates });
  return root;
}

/** Writes `editions/<folder>/edition.json` as given (pretty JSON, so errors have lines). */
export async function writeManifest(root: string, folder: string, value: unknown): Promise<void> {
  await writeFile(join(root, "editions", folder, "edition.json"), `${JSON.stringify(value, null, 2)}\n`);
}

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".yaml")).map((e) => join(e.parentPath, e.name));
}
