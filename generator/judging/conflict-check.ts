import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { conflictOf, judgeRules, peopleOf, type JudgeRules } from "./eligibility.ts";
import type { Where } from "./score-values.ts";
import type { TallyEvent, TallyProject } from "./tally-event.ts";

/** Each listed judge's rules and each project's people, worked out once for every file. */
export interface ConflictContext {
  rules: ReadonlyMap<string, JudgeRules>;
  projects: ReadonlyMap<string, { project: TallyProject; people: ReadonlySet<string> }>;
}

export function conflictContext(
  event: TallyEvent,
  projects: readonly TallyProject[],
  teams: ReadonlyMap<string, readonly (string | null)[]>,
): ConflictContext {
  const prizes = (event.prizes ?? []).map((p) => ({ id: p.id, track: p.track ?? null }));
  const rules = new Map(
    (event.judges ?? []).map((j) => [
      j.name,
      judgeRules({ github: j.github ?? null, conflicts: j.conflicts ?? [], prizes: j.prizes ?? [] }, prizes),
    ]),
  );
  const byslug = new Map(
    projects.map((p) => [p.slug, { project: p, people: peopleOf(eligible(p), teams) }] as const),
  );
  return { rules, projects: byslug };
}

const eligible = (p: TallyProject) => ({
  slug: p.slug,
  track: p.track ?? null,
  teamSlug: p.teamSlug ?? null,
  members: p.members ?? [],
});

/** A score for a project the judge may not judge (by the assignment's rules) is an error at its key. */
export function conflictDiagnostics(
  file: string,
  judge: string,
  scores: unknown,
  context: ConflictContext,
  where: Where,
): Diagnostic[] {
  const rules = context.rules.get(judge);
  if (!rules || !scores || typeof scores !== "object" || Array.isArray(scores)) return [];
  return Object.keys(scores).flatMap((slug) => {
    const known = context.projects.get(slug);
    const why = known ? conflictOf(rules, eligible(known.project), known.people) : null;
    if (why === null) return [];
    return [
      {
        file,
        ...where(["scores", slug], "key"),
        severity: "error" as const,
        rule: "score-conflict",
        message: `${judge} may not judge ${slug}: ${why} (found scores for it in this file)`,
        expected: `no scores from ${judge} for ${slug}`,
        found: `scores for ${slug}`,
        fix: `Delete ${slug} from the file's scores (the judging page keeps what a judge scored), or correct the judge's github, conflicts or prizes in records/event.yaml if they are wrong.`,
      },
    ];
  });
}
