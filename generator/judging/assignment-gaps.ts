import { byCodeUnits } from "../code-unit-order.ts";

/** A judge the assignment gave projects who has not scored them all: no file, or some left. */
export interface AssignmentGap {
  judge: string;
  /** How many projects the assignment gave them. */
  assigned: number;
  /** Their projects with no full score from them, in the assignment's order. */
  missing: string[];
  /** No score file came from them at all. */
  noFile: boolean;
}

/**
 * What the judges scored against what the assignment (judging/assignment.json) asked of them, so
 * the organiser knows whom to chase before the winners are written. Scoring more than asked is no
 * gap: a judge may look at any project they may judge.
 */
export function assignmentGaps(
  assignment: ReadonlyArray<{ name: string; projects: readonly string[] }>,
  scored: ReadonlyArray<{ judge: string; projects: readonly string[] }>,
): AssignmentGap[] {
  const byJudge = new Map(scored.map((s) => [s.judge, new Set(s.projects)]));
  return assignment
    .filter((judge) => judge.projects.length > 0)
    .map((judge) => {
      const own = byJudge.get(judge.name);
      return {
        judge: judge.name,
        assigned: judge.projects.length,
        missing: judge.projects.filter((slug) => !own?.has(slug)),
        noFile: own === undefined,
      };
    })
    .filter((gap) => gap.missing.length > 0)
    .sort((a, b) => byCodeUnits(a.judge, b.judge));
}
