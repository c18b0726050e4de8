import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import { at } from "../validate/rule.ts";
import { count } from "./judge-load.ts";
import { judgingAssignment } from "./judging-assignment.ts";
import type { Model } from "./model.ts";

export const JUDGES_NONE_RULE = "event-judges-none";
export const JUDGE_SHORTFALL_RULE = "event-judge-shortfall";

/** Projects the shortfall warning names before counting the rest: one line at any event size. */
const NAMED = 10;

/**
 * What the judging page once told organisers in front of its judges (review of issue 57: "organisers
 * add them under judges:", "organisers, see the assignment"), told to the organiser here instead,
 * where `npm run validate`, the build and `npm run dev` show it; the page says it plainly to its
 * readers. Projects with no judge, because the event lists none, or fewer than judging.perProject
 * who may judge them (conflicts, sponsors' prizes), from the assignment the site publishes. Nothing
 * once judging is over (awards given) or for an archived edition, where no one can change it.
 */
export function judgeShortfallWarnings(model: Model, event: RecordFile): Diagnostic[] {
  if (model.phase.archived || model.event.awards.length || model.projects.length === 0) return [];
  const { perProject } = model.event.judging;
  const projects = count(model.projects.length);
  if (model.event.judges.length === 0)
    return [
      at(event, ["judges"], {
        severity: "warning",
        rule: JUDGES_NONE_RULE,
        message: `the event lists no judges, so no one can score its ${projects} ${model.projects.length === 1 ? "project" : "projects"}: the judging page says the judges are not announced yet`,
        expected: "judges: a list of the judges, each with a name and an affiliation",
        found: "no judges",
        fix: "List the judges under judges: in records/event.yaml; the judging page gives each a page of their projects.",
      }),
    ];
  const { shortfall } = judgingAssignment(model);
  if (shortfall.length === 0) return [];
  const named = shortfall
    .slice(0, NAMED)
    .map((s) => `${s.project} (${s.judges})`)
    .join(", ");
  const more = shortfall.length > NAMED ? ` and ${count(shortfall.length - NAMED)} more` : "";
  return [
    at(event, ["judges"], {
      severity: "warning",
      rule: JUDGE_SHORTFALL_RULE,
      // Each with how many may judge it; a conflict (a member of its team, one named in conflicts)
      // or a sponsor's prizes' tracks rule the others out (judging/eligibility.ts).
      message: `${count(shortfall.length)} ${shortfall.length === 1 ? "project gets" : "projects get"} fewer than judging.perProject (${perProject}) judges: no more of the event's ${count(model.event.judges.length)} judges may judge ${shortfall.length === 1 ? "it" : "them"} (the others have a conflict or judge other prizes' tracks): ${named}${more}`,
      expected: `${perProject} judges who may judge each project (judging.perProject)`,
      found: `${count(shortfall.length)} with fewer`,
      fix: `Add judges who may judge them, or lower judging.perProject (now ${perProject}); judging/assignment.json lists each under shortfall.`,
    }),
  ];
}
