import { describeFound, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { locateIn, placesOfText, type Places, type Position } from "../load/places.ts";
import { closest } from "../validate/words.ts";
import { duplicateKeys } from "./duplicate-keys.ts";
import { parseErrorPosition, positionOf } from "./json-position.ts";
import { scoreSchemaDiagnostics } from "./score-schema-check.ts";
import { checkScores, scoreContext, type ProjectSheet, type Where } from "./score-values.ts";
import { conflictContext, conflictDiagnostics } from "./conflict-check.ts";
import {
  scaleOf,
  type ScoreSource,
  type TallyEvent,
  type TallyProject,
  type TallyTeams,
} from "./tally-event.ts";

const LOCATE_LIMIT = 100;

/** One judge's checked scores: by project slug, by criterion name, whole numbers on the scale. */
export interface JudgeSheet {
  judge: string;
  file: string;
  /** Where a value is in the file, worked out only when a problem points into it. */
  where: Where;
  scores: Map<string, ProjectSheet>;
}

/**
 * Every score file checked against the event and its projects: all problems of all files at once,
 * as diagnostics (never a throw), and the sheets of the files that read.
 */
export function checkScoreFiles(
  sources: readonly ScoreSource[],
  event: TallyEvent,
  projects: readonly TallyProject[],
  teams: TallyTeams = new Map(),
): { sheets: JudgeSheet[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const sheets: JudgeSheet[] = [];
  const judges = (event.judges ?? []).map((j) => j.name);
  const scale = scaleOf(event);
  const context = scoreContext(event, projects);
  const conflicts = conflictContext(event, projects, teams);
  for (const { file, text, unreadable, fix } of sources) {
    const fail = (
      position: Position,
      rule: string,
      message: string,
      expected: string,
      found: string,
      fix: string,
    ) => diagnostics.push({ file, ...position, severity: "error", rule, message, expected, found, fix });
    if (text === undefined) {
      fail(
        { line: 1, column: 1 },
        "score-unreadable",
        `the score file must be a file this command can read (found ${unreadable})`,
        "a readable score file",
        unreadable ?? "nothing",
        fix ?? "Check the path; a judge's file is the one the judging page exported.",
      );
      continue;
    }
    let data: unknown;
    try {
      // A byte-order mark some editors write is not the judge's mistake.
      data = JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch (error) {
      const why = (error as Error).message.replace(/ \(line \d+ column \d+\)$/, "");
      // Cut off anywhere (mid-string or between values), JSON.parse stops at the end of the text.
      const early = /end of JSON/.test(why) || Number(/at position (\d+)/.exec(why)?.[1]) >= text.length;
      const found = early ? "a file that ends early, cut off" : why;
      fail(
        parseErrorPosition(text, why),
        "score-json",
        `the file must be whole JSON as the judging page exports it (found ${found})`,
        "a whole JSON score file",
        found,
        "Ask the judge to export the file again (download or copy as text), and use the whole of it.",
      );
      continue;
    }
    for (const twice of duplicateKeys(text))
      fail(
        positionOf(text, twice.offset),
        "score-duplicate-key",
        `the file must name each key once in an object (found ${describeFound(twice.key)} again${twice.path.length ? ` in ${twice.path.join(".")}` : ""}): JSON keeps only the last`,
        "each key once",
        `${describeFound(twice.key)} again`,
        "Keep one of the two, merging them by hand, or ask the judge to export the file again from the judging page.",
      );
    let places: Places | undefined;
    // Finding a place walks the file's keys; past a hundred problems (only 20 are told, see
    // cap-per-file.ts) the rest take the last place found, so a hostile file stays linear.
    let located = 0;
    let last: Position = { line: 1, column: 1 };
    const where: Where = (segments, at) =>
      located++ < LOCATE_LIMIT
        ? (last = locateIn((places ??= placesOfText(text)), data, segments, at))
        : last;
    const shape = scoreSchemaDiagnostics(file, data, where);
    diagnostics.push(...shape);
    const record = (data ?? {}) as Record<string, unknown>;
    if (typeof record.event === "string" && record.event !== event.name)
      fail(
        where(["event"]),
        "score-event",
        `event must be ${JSON.stringify(event.name)}, the name in records/event.yaml (found ${describeFound(record.event)})`,
        JSON.stringify(event.name),
        describeFound(record.event),
        "This file is for another event: leave it out, or ask the judge for this event's file.",
      );
    if (typeof record.scale === "number" && Number.isInteger(record.scale) && record.scale !== scale)
      fail(
        where(["scale"]),
        "score-scale",
        `scale must be ${scale}, the event's judging.scale (found ${record.scale})`,
        String(scale),
        String(record.scale),
        "Ask the judge to score again on the event's judging page, whose scale is the event's.",
      );
    const judge = typeof record.judge === "string" ? record.judge : undefined;
    if (judge !== undefined && !judges.includes(judge)) {
      const near = judge.length <= 200 ? closest(judge, judges) : undefined;
      fail(
        where(["judge"]),
        "score-judge",
        `judge must be one of the judges in records/event.yaml (found ${describeFound(judge)}, who is not listed)`,
        judges.length ? judges.join(", ") : "a judge listed in records/event.yaml",
        describeFound(judge),
        near
          ? `Did you mean ${near}? Write the name as records/event.yaml lists it.`
          : "Add the judge to judges: in records/event.yaml, or leave this file out.",
      );
    }
    const scores = checkScores(file, record.scores, context, where, diagnostics);
    if (judge !== undefined)
      diagnostics.push(...conflictDiagnostics(file, judge, record.scores, conflicts, where));
    if (shape.length === 0 && judge !== undefined) sheets.push({ judge, file, where, scores });
  }
  diagnostics.push(...sameJudgeTwice(sheets));
  return { sheets, diagnostics };
}

/** A judge counts once: every file of a judge who sent more than one is an error naming the others. */
function sameJudgeTwice(sheets: readonly JudgeSheet[]): Diagnostic[] {
  const files = new Map<string, string[]>();
  for (const { judge, file } of sheets) files.set(judge, [...(files.get(judge) ?? []), file]);
  return sheets.flatMap(({ judge, file, where }) => {
    const all = files.get(judge)!;
    if (all.length < 2) return [];
    const others = all.filter((f) => f !== file);
    return [
      {
        file,
        ...where(["judge"]),
        severity: "error" as const,
        rule: "score-judge-twice",
        message: `each judge must send one score file (found ${describeFound(judge)} also in ${others.join(", ")})`,
        expected: "one file per judge",
        found: `${all.length} files for ${judge}`,
        fix: "Keep the judge's latest file (see savedAt) and leave the others out of the command.",
      },
    ];
  });
}
