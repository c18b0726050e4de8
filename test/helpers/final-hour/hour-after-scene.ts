import { filesWithForms } from "../default-branch.ts";
import { EXAMPLE } from "../fixture-root.ts";
import {
  GithubModel,
  REPOSITORY,
  startGithubModel,
  type RunningModel,
} from "../github-model/github-model.ts";
import { enableMergeQueue } from "../github-model/merge-queue.ts";
import type { Limits } from "../github-model/rate-limits.ts";
import { HourAfter } from "./hour-after.ts";
import { hourAfterFigures, type HourAfterFigures } from "./hour-after-figures.ts";

/**
 * Issue 55's hour after at 1/10 scale, on the GitHub model with GitHub's limits divided by ten as
 * the rush test divides them: 30 teams open their project's pull request in the last 30 minutes
 * before submissions close (13:00 UTC), each validated and judged as it comes; two pull requests
 * add teams of one name (each valid alone, green since the day before, when registration was
 * open); one more team changes its project 30 s after the deadline. The organiser commits to
 * `main` at 12:45, so the early pull requests fall behind it, and three teams press "Update branch"
 * after the deadline. The organiser runs Queue green pull requests once, at 13:01 (the docs'
 * timeline); its schedule runs it every 10 minutes and carries that run on once it exists (before
 * it, the scheduled runs queue nothing). The Sweep runs every 10 minutes. The merge queue as
 * docs/final-hour.md sets it.
 */
export const TEAMS = 30;
export const UPDATED = [1, 2, 3];
export const LATE = `hour-${TEAMS + 1}`;
const minute = 60_000;
const utc = (iso: string) => Date.parse(iso);
export const DEADLINE = utc("2026-12-06T13:00:00Z");
/** How long the organiser keeps looking, and the model runs. */
const UNTIL = DEADLINE + 8 * 60 * minute;

export const teamFile = (name: string, login: string) =>
  `name: ${name}\nlookingForMembers: false\nmembers:\n  - name: ${login}\n    github: ${login}\n    skills: [Python]\n`;
const project = (i: number, tagline: string) =>
  `title: Hour Project ${i}\ntagline: ${tagline}\ndescription: Built before the deadline.\nteam:\n  - name: maker-${i}\n    github: maker-${i}\nteamSlug: hour-${i}\n`;

export interface HourAfterResult {
  model: GithubModel;
  github: RunningModel;
  hour: HourAfter;
  /** Pull request numbers: `twin-a`, `twin-b`, `hour-1` … `hour-31`. */
  pulls: Map<string, number>;
  onTime: number[];
  /** Every head an on-time pull request had (its push, and its update if any). */
  heads: Set<string>;
  figures: HourAfterFigures;
}

export async function hourAfterScene(
  token: string,
  limits: Partial<Limits> & { writesPerHour: number },
  appSlug: string,
): Promise<HourAfterResult> {
  const files = await filesWithForms(EXAMPLE);
  // The organiser sized the expo floor for the event (the example's holds 14 tables, for its 10).
  const floor = "  - name: Main hall\n      tables: 6\n";
  if (!files["records/event.yaml"]!.includes(floor)) throw new Error("the example's expo floor changed");
  files["records/event.yaml"] = files["records/event.yaml"]!.replace(floor, floor.replace("6", "60"));
  for (let i = 1; i <= TEAMS + 1; i++)
    files[`records/teams/hour-${i}.yaml`] = teamFile(`Hour Team ${i}`, `maker-${i}`);
  const model = new GithubModel(files);
  const github = await startGithubModel(model);
  model.limits.set(token, limits);
  const queue = enableMergeQueue(model, "main", {
    buildConcurrency: 5,
    minGroupSize: 1,
    maxGroupSize: 10,
    checkTimeoutMinutes: 60,
  });
  const hour = new HourAfter(model, github, token, appSlug, queue, limits.writesPerHour);
  const pulls = new Map<string, number>();
  const heads = new Set<string>();
  const pull = (key: string) => model.pull(pulls.get(key)!)!;

  // The day before, registration open until 11:00 UTC: two teams of one name.
  model.now = utc("2026-12-05T10:25:00Z");
  for (const [k, who] of ["twin-a", "twin-b"].entries())
    hour.at(utc("2026-12-05T10:30:00Z") + k * 5 * minute, who, async () => {
      hour.push(who, "register", { [`records/teams/${who}.yaml`]: teamFile("Twin Stars", who) });
      pulls.set(who, hour.open(who, "register"));
    });
  await hour.runUntil(utc("2026-12-05T10:45:00Z"));

  model.now = utc("2026-12-06T12:20:00Z");
  for (let i = 1; i <= TEAMS + 1; i++)
    hour.at(utc("2026-12-06T12:26:00Z") + i * minute, `team ${i} opens`, async () => {
      hour.push(`maker-${i}`, "submit", { [`records/projects/hour-${i}.yaml`]: project(i, "It works") });
      pulls.set(`hour-${i}`, hour.open(`maker-${i}`, "submit"));
    });
  hour.at(utc("2026-12-06T12:45:00Z"), "main moves", async () => {
    model.push(REPOSITORY, "main", { "records/teams/walk-in.yaml": teamFile("Walk In", "walker") });
  });
  hour.at(DEADLINE - 30_000, "the on-time heads", async () => {
    for (let i = 1; i <= TEAMS; i++) heads.add(pull(`hour-${i}`).head.sha);
  });
  for (const i of UPDATED)
    hour.at(DEADLINE + 20_000, `team ${i} updates its branch`, async () => {
      const answer = await hour.updateBranch(pulls.get(`hour-${i}`)!);
      if (answer !== 202) throw new Error(`Update branch answered ${answer}`);
      heads.add(pull(`hour-${i}`).head.sha);
    });
  hour.at(DEADLINE + 30_000, "a change after the deadline", async () =>
    hour.push(`maker-${TEAMS + 1}`, "submit", {
      [`records/projects/${LATE}.yaml`]: project(TEAMS + 1, "Changed after the deadline"),
    }),
  );
  hour.at(DEADLINE + minute, "the organiser queues", () => hour.queueGreen());
  // The workflow's schedule carries the organiser's run on (carry-on.ts); the default branch's
  // checkout is the example's event, whose submissions close at DEADLINE.
  hour.queueOnSchedule(utc("2026-12-06T12:23:00Z"), UNTIL, EXAMPLE);
  hour.sweeps(utc("2026-12-06T12:24:00Z"), UNTIL);
  // Half an hour at a time, until every on-time pull request is merged (or the evening ends).
  const merged = () =>
    [...Array(TEAMS).keys()].every((k) => pulls.has(`hour-${k + 1}`) && pull(`hour-${k + 1}`).merged);
  for (let t = DEADLINE + 30 * minute; t <= UNTIL && !merged(); t += 30 * minute) await hour.runUntil(t);

  const onTime = Array.from({ length: TEAMS }, (_, k) => pulls.get(`hour-${k + 1}`)!);
  const figures = hourAfterFigures(hour, DEADLINE, onTime, heads);
  return { model, github, hour, pulls, onTime, heads, figures };
}
