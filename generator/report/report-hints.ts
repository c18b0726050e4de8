import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiDiff } from "../diff/api-diff.ts";
import { parseRecord } from "../load/parse-record.ts";
import { linkedTeamFile } from "../ownership/record-people.ts";
import { recordPath } from "../record-layout.ts";

/** At most this many paths: a hint beyond a team's change is a hostile artifact's padding. */
export const MAX_HINTS = 60;

/**
 * The record files Report will read to decide ownership: the ones the API diff names, and the
 * teams their projects join on either side. Report reads them with its first query, so a push
 * costs one GraphQL read and one confirmation. Only a hint: Report judges from what GitHub gives
 * it, and reads what a hint missed (or lied about) in another query.
 */
export function reportHints(diff: ApiDiff | null, roots: readonly string[]): string[] {
  if (diff === null) return [];
  const slugs = (c: ApiDiff["teams"]) => [...c.added, ...c.removed, ...c.changed.map((e) => e.slug)];
  const projects = slugs(diff.projects).map((slug) => recordPath("project", slug));
  const teams = slugs(diff.teams).map((slug) => recordPath("team", slug));
  const linked = projects.flatMap((path) =>
    roots.flatMap((root) => {
      const file = join(root, path);
      const team = existsSync(file)
        ? linkedTeamFile(parseRecord(path, readFileSync(file, "utf8")).data)
        : undefined;
      return team === undefined ? [] : [team];
    }),
  );
  return [...new Set([...teams, ...projects, ...linked])].slice(0, MAX_HINTS);
}
