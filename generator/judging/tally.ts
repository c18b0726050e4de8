import { byCodeUnits } from "../code-unit-order.ts";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { capPerFile } from "./cap-per-file.ts";
import { checkScoreFiles } from "./check-scores.ts";
import { disagreeingJudges, type Disagreement } from "./disagreement.ts";
import { normalisedScores } from "./normalise.ts";
import { rankPrize, type PrizeResult } from "./rank-prize.ts";
import {
  perProjectOf,
  type ScoreSource,
  type TallyEvent,
  type TallyProject,
  type TallyTeams,
} from "./tally-event.ts";

export interface TallyReport {
  /** Every problem in the score files; with an error, nothing is ranked. */
  diagnostics: Diagnostic[];
  judges: string[];
  perProject: number;
  prizes: PrizeResult[];
  /** Projects fewer judges than `judging.perProject` saw (at least one), with how many did. */
  fewJudges: { slug: string; judges: number }[];
  /** Projects no judge saw: they win nothing. */
  unseen: string[];
  disagreeing: Disagreement[];
  /** Each judge with a file, and the projects they scored in full, by judge then slug. */
  scored: Array<{ judge: string; projects: string[] }>;
}

/**
 * The tally: every score file checked, each judge's scores normalised and weighed, averaged over
 * the judges who saw a project, and each prize's track ranked. Pure: the same files in any order
 * give the same report.
 */
export function tally(
  sources: readonly ScoreSource[],
  event: TallyEvent,
  unordered: readonly TallyProject[],
  teams: TallyTeams = new Map(),
): TallyReport {
  const projects = [...unordered].sort((a, b) => byCodeUnits(a.slug, b.slug));
  const ordered = [...sources].sort((a, b) => byCodeUnits(a.file, b.file));
  const { sheets, diagnostics } = checkScoreFiles(ordered, event, projects, teams);
  const perProject = perProjectOf(event);
  const report: TallyReport = {
    diagnostics: capPerFile(sortDiagnostics(diagnostics)),
    judges: sheets.map((s) => s.judge).sort(byCodeUnits),
    perProject,
    prizes: [],
    fewJudges: [],
    unseen: [],
    disagreeing: [],
    scored: [],
  };
  if (hasErrors(diagnostics)) return report;
  sheets.sort((a, b) => byCodeUnits(a.judge, b.judge));
  const scores = new Map(sheets.map((sheet) => [sheet.judge, normalisedScores(sheet, event)]));
  report.scored = [...scores].map(([judge, own]) => ({ judge, projects: [...own.keys()].sort(byCodeUnits) }));
  const byProject = new Map<string, number[]>();
  for (const own of scores.values())
    for (const [slug, value] of own) {
      const list = byProject.get(slug);
      if (list) list.push(value);
      else byProject.set(slug, [value]);
    }
  for (const { slug } of projects) {
    const judges = byProject.get(slug)?.length ?? 0;
    if (judges === 0) report.unseen.push(slug);
    else if (judges < perProject) report.fewJudges.push({ slug, judges });
  }
  report.prizes = (event.prizes ?? []).map((prize) => rankPrize(prize, projects, byProject));
  report.disagreeing = disagreeingJudges(scores);
  return report;
}
