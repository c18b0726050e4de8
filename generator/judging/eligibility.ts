/**
 * Who may judge what: one set of rules for the assignment (generator/derive/judging-assignment.ts)
 * and the tally, so a score the assignment would never hand out is refused when it is counted.
 */
export interface EligibleJudge {
  github: string | null;
  conflicts: readonly string[];
  prizes: readonly string[];
}

export interface EligibleProject {
  slug: string;
  track: string | null;
  teamSlug: string | null;
  /** The GitHub names of the people the project lists. */
  members: readonly (string | null)[];
}

/** A judge's rules, worked out once: their GitHub name in lower case, conflicts and tracks. */
export interface JudgeRules {
  github: string | null;
  conflicts: ReadonlySet<string>;
  tracks: "all" | ReadonlySet<string | null>;
}

export function judgeRules(
  judge: EligibleJudge,
  prizes: ReadonlyArray<{ id: string; track: string | null }>,
): JudgeRules {
  return {
    github: judge.github?.toLowerCase() ?? null,
    conflicts: new Set(judge.conflicts),
    tracks: tracksOf(judge.prizes, prizes),
  };
}

/** The GitHub names (lower case) of a project's people and its linked team's members. */
export function peopleOf(
  project: EligibleProject,
  teams: ReadonlyMap<string, readonly (string | null)[]>,
): ReadonlySet<string> {
  return new Set(
    [...project.members, ...(project.teamSlug ? (teams.get(project.teamSlug) ?? []) : [])]
      .filter((name): name is string => name !== null)
      .map((name) => name.toLowerCase()),
  );
}

/** Why the judge may not judge the project, in plain words, or null when they may. */
export function conflictOf(
  judge: JudgeRules,
  project: EligibleProject,
  people: ReadonlySet<string>,
): string | null {
  if (judge.github !== null && people.has(judge.github))
    return `the judge (GitHub ${judge.github}) is a member of its team`;
  if (judge.conflicts.has(project.slug)) return `the judge names ${project.slug} in conflicts`;
  if (project.teamSlug !== null && judge.conflicts.has(project.teamSlug))
    return `the judge names its team ${project.teamSlug} in conflicts`;
  if (judge.tracks !== "all" && !judge.tracks.has(project.track))
    return `the judge judges their prizes' tracks only, and its track is ${project.track ?? "none"}`;
  return null;
}

/**
 * The tracks a sponsor's judge judges: those of their prizes (a prize without a track is every
 * project's, so the judge judges all). A judge who names no prize judges every project.
 */
function tracksOf(
  ids: readonly string[],
  prizes: ReadonlyArray<{ id: string; track: string | null }>,
): "all" | ReadonlySet<string | null> {
  if (ids.length === 0) return "all";
  const tracks = new Set<string | null>();
  for (const prize of prizes) {
    if (!ids.includes(prize.id)) continue;
    if (prize.track === null) return "all";
    tracks.add(prize.track);
  }
  return tracks;
}
