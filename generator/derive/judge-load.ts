import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import { at } from "../validate/rule.ts";
import { judgingAssignment } from "./judging-assignment.ts";
import type { Model } from "./model.ts";

/** A judge the published assignment gives more projects than `judging.perJudgeMax`. */
export interface Overload {
  /** Their place in the event's `judges`, which the warning points at. */
  index: number;
  name: string;
  projects: number;
}

export const JUDGE_LOAD_RULE = "event-judge-load";

/**
 * Each judge given more projects than a person can score, in the event's order. Read from the
 * assignment the site publishes (conflicts, sponsors' tracks and late projects included), which
 * the build makes once per model: the judges' pages read the same one.
 */
export function overloadedJudges(model: Model): Overload[] {
  if (model.event.judges.length === 0) return [];
  const most = model.event.judging.perJudgeMax;
  return judgingAssignment(model).judges.flatMap((judge, index) =>
    judge.projects.length > most ? [{ index, name: judge.name, projects: judge.projects.length }] : [],
  );
}

/** What the organiser can do, in the warning and on the judging page alike. */
export function loadFix(judging: Model["event"]["judging"]): string {
  return `Add judges, or lower judging.perProject (now ${judging.perProject}), so each judge gets at most ${count(judging.perJudgeMax)}.`;
}

/**
 * One warning per overloaded judge, at their entry in records/event.yaml. A warning, not an
 * error: the site still builds and the judges still score, only not all of it in an afternoon.
 */
export function judgeLoadWarnings(model: Model, event: RecordFile): Diagnostic[] {
  const most = count(model.event.judging.perJudgeMax);
  return overloadedJudges(model).map(({ index, name, projects }) =>
    at(event, ["judges", String(index)], {
      severity: "warning",
      rule: JUDGE_LOAD_RULE,
      message: `judge ${JSON.stringify(name)} gets ${count(projects)} projects, more than judging.perJudgeMax (${most}): a person can score about ${most} in an afternoon`,
      expected: `at most ${most} projects per judge (judging.perJudgeMax)`,
      found: `${count(projects)} projects`,
      fix: loadFix(model.event.judging),
    }),
  );
}

/** 10000 → "10,000": the same on every machine. */
export const count = (n: number): string => n.toLocaleString("en");
