import { SCORE_FORMAT, type ScoreFile } from "../judging/score-file.ts";
import { tally } from "../judging/tally.ts";
import type { ScoreSource, TallyEvent, TallyProject } from "../judging/tally-event.ts";
import { median } from "./paired.ts";

export const BENCH_JUDGES = 200;
const CRITERIA = ["Technical depth", "Works on the day", "Usefulness", "Openness"];
const TRACKS = ["sim", "hardware", "both"];

/**
 * The tally at `projects` projects and 200 judges, each project scored by 3 judges (about 150 a
 * judge, as the assignment gives them), in this process: the median of `runs` after one untimed
 * run, from the files' text to every prize's ranking.
 */
export function tallyFigures(projects: number, runs: number): { ms: number; files: number; bytes: number } {
  const event: TallyEvent = {
    name: "Bench",
    judges: Array.from({ length: BENCH_JUDGES }, (_, j) => ({ name: `Judge ${j}` })),
    judgingCriteria: CRITERIA.map((name, i) => ({ name, weight: [30, 30, 20, 20][i]! })),
    prizes: [
      { id: "best-overall", name: "Best overall", count: 3 },
      ...TRACKS.map((track) => ({ id: `best-${track}`, name: `Best ${track}`, track, count: 2 })),
    ],
  };
  const list: TallyProject[] = Array.from({ length: projects }, (_, p) => ({
    slug: `project-${p}`,
    track: TRACKS[p % TRACKS.length]!,
  }));
  const files: ScoreFile[] = event.judges!.map(({ name }) => ({
    format: SCORE_FORMAT,
    event: "Bench",
    judge: name,
    scale: 5,
    scores: {},
  }));
  // A fixed pseudo-random sequence, so every run tallies the same scores.
  let seed = 1;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), 1 + (seed % 5));
  for (let p = 0; p < projects; p++)
    for (let k = 0; k < 3; k++)
      files[(p * 3 + k) % BENCH_JUDGES]!.scores[`project-${p}`] = Object.fromEntries(
        CRITERIA.map((c) => [c, next()]),
      );
  const sources: ScoreSource[] = files.map((f, j) => ({
    file: `scores/judge-${j}.json`,
    text: JSON.stringify(f),
  }));
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const report = tally(sources, event, list);
    if (report.diagnostics.length)
      throw new Error(`the bench's score files: ${report.diagnostics[0]!.message}`);
    if (run > 0) times.push(performance.now() - started);
  }
  return { ms: median(times), files: sources.length, bytes: sources.reduce((n, s) => n + s.text!.length, 0) };
}
