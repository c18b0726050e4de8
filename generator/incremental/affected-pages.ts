import type { Model } from "../derive/model.ts";

/** Per-record pages to render again after some records changed, by kind name and slug. */
export interface Affected {
  teams: Set<string>;
  projects: Set<string>;
}

/**
 * What a change to some team and project records can change on per-record pages. A project page
 * shows its project and its team's name and link; a team page shows its team and the titles and
 * links of the projects that name it. So a changed project affects its page and the pages of its
 * old and new team; a changed team affects its page and the pages of its projects, old and new.
 * The fast-path test compares the result with a clean build after each kind of change.
 */
export function affectedPages(
  before: Pick<Model, "teams" | "projects">,
  after: Pick<Model, "teams" | "projects">,
  changed: { teams: ReadonlySet<string>; projects: ReadonlySet<string> },
): Affected {
  const affected: Affected = { teams: new Set(changed.teams), projects: new Set(changed.projects) };
  for (const model of [before, after]) {
    for (const p of model.projects) {
      if (changed.projects.has(p.slug) && p.teamSlug !== null) affected.teams.add(p.teamSlug);
      if (p.teamSlug !== null && changed.teams.has(p.teamSlug)) affected.projects.add(p.slug);
    }
  }
  return affected;
}
