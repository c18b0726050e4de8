import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import { OWNERSHIP_CONTEXT } from "../../generator/github/report/run.ts";
import { COMMENT_MARKER } from "../../generator/report/pr-comment.ts";
import { EXAMPLE, FIXTURES } from "../helpers/fixture-root.ts";
import { Rush } from "../helpers/final-hour/rush.ts";
import {
  APP_TOKEN,
  GithubModel,
  REPOSITORY,
  startGithubModel,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import type { Limits } from "../helpers/github-model/rate-limits.ts";
import { filesWithForms } from "../helpers/default-branch.ts";

/**
 * The final hour, on the GitHub model with GitHub's limits and the load both divided by ten: 12
 * teams each pushing their project twice in the hour before submissions close (14:00 CET, 13:00
 * UTC), two strangers editing another team's record, one push after the deadline, and six
 * registrations by issue form in the hour before registration closes (the day before, 12:00 CET),
 * with the Sweep every 10 minutes. Afterwards every pull request's current head has the verdict a
 * quiet run gives it, and every form its pull request with a status, or a comment.
 */
const TEAMS = 12;
const FORMS = 6;
const minute = 60_000;
const utc = (iso: string) => Date.parse(iso);

/** A team that registered earlier: one member, whose login opens its pull request. */
const team = (i: number) =>
  `name: Rush Team ${i}\nlookingForMembers: false\nmembers:\n  - name: Racer ${i}\n    github: racer-${i}\n    skills: [Python]\n`;
const project = (i: number, tagline: string) =>
  `title: Rush Project ${i}\ntagline: ${tagline}\ndescription: Built in the last hour.\nteam:\n  - name: Racer ${i}\n    github: racer-${i}\nteamSlug: rush-${i}\n`;

let model: GithubModel;
let github: RunningModel;

async function scene(token: string, limits: Partial<Limits>, appSlug = ""): Promise<Rush> {
  const files = await filesWithForms(EXAMPLE);
  for (let i = 1; i <= TEAMS; i++) files[`records/teams/rush-${i}.yaml`] = team(i);
  model = new GithubModel(files);
  github = await startGithubModel(model);
  model.limits.set(token, limits);
  return new Rush(model, github, token, appSlug);
}

describe("the final hour, inside GitHub's limits", () => {
  beforeEach(() => (model = undefined as unknown as GithubModel));
  afterEach(() => github?.close());

  // GitHub's limits divided by ten, as the load is: GITHUB_TOKEN's (1,000 an hour) and an App's (5,000).
  it.each([
    [
      "GITHUB_TOKEN alone",
      "ghs_test-token",
      { rest: 100, graphql: 100, writesPerMinute: 8, writesPerHour: 50 },
      "",
      true,
    ],
    [
      "the App",
      APP_TOKEN,
      { rest: 500, graphql: 500, writesPerMinute: 8, writesPerHour: 50 },
      "registry-app",
      false,
    ],
  ] as const)(
    "gives every pull request's current head its verdict, and every form an answer, with %s",
    { timeout: 300_000 },
    async (_, token, limits, appSlug, hitsLimit) => {
      const rush = await scene(token, limits, appSlug);
      const body = await readFile(join(FIXTURES, "intake/register-team.md"), "utf8");

      // Registration closes 2026-12-05T11:00Z: six forms in the hour before it.
      model.now = utc("2026-12-05T10:00:00Z");
      for (let k = 1; k <= FORMS; k++)
        rush.at(utc("2026-12-05T10:00:00Z") + k * 8 * minute, `form ${k}`, async () => {
          rush.issue(
            `joiner-${k}`,
            `Register team: Joiners ${k}`,
            body.replace("Gripper Gang", `Joiners ${k}`),
            ["intake: register team"],
          );
        });
      rush.sweeps(utc("2026-12-05T10:04:00Z"), utc("2026-12-05T12:14:00Z"));
      await rush.runUntil(utc("2026-12-05T12:15:00Z"));

      // Submissions close 2026-12-06T13:00Z: every team pushes twice in the hour before.
      model.now = utc("2026-12-06T12:00:00Z");
      const pulls = new Map<number, "allowed" | "refused">();
      for (let i = 1; i <= TEAMS; i++) {
        const first = utc("2026-12-06T12:00:00Z") + i * 4 * minute;
        rush.at(first, `team ${i} opens`, async () => {
          rush.push(`racer-${i}`, "submit", { [`records/projects/rush-${i}.yaml`]: project(i, "First try") });
          pulls.set(rush.open(`racer-${i}`, "submit"), "allowed");
        });
        rush.at(first + 5 * minute, `team ${i} pushes again`, async () =>
          rush.push(`racer-${i}`, "submit", {
            [`records/projects/rush-${i}.yaml`]: project(i, "It works now"),
          }),
        );
      }
      for (const [who, i] of [
        ["stranger-a", 1],
        ["stranger-b", 2],
      ] as const)
        rush.at(utc("2026-12-06T12:30:00Z") + i * minute, `${who}`, async () => {
          rush.push(who, "grab", { [`records/teams/rush-${i}.yaml`]: team(i).replace(`racer-${i}`, who) });
          pulls.set(rush.open(who, "grab"), "refused");
        });
      rush.at(utc("2026-12-06T13:05:00Z"), "late", async () => {
        rush.push("racer-late", "late", { "records/projects/late.yaml": project(1, "Too late") });
        pulls.set(rush.open("racer-late", "late"), "refused");
      });
      rush.sweeps(utc("2026-12-06T12:04:00Z"), utc("2026-12-06T14:04:00Z"));
      await rush.runUntil(utc("2026-12-06T14:10:00Z"));

      expect(rush.failures).toEqual([]);
      // GITHUB_TOKEN's hour ran out in the rush (runs that met it left pending or nothing); the
      // App's did not (both meet the secondary limit on writes a minute, which is the same for both).
      expect(model.limits.refusals.some((r) => r.token === token && r.limit === "primary")).toBe(hitsLimit);
      // Every pull request's current head: the quiet run's verdict, never pending, never a wrong green.
      for (const [number, verdict] of pulls) {
        const pr = model.pull(number)!;
        expect([number, model.status(pr.head.sha, OWNERSHIP_CONTEXT)?.state]).toEqual([
          number,
          verdict === "allowed" ? "success" : "failure",
        ]);
        // One comment each, kept up to date by whichever run judged it (the App's or the Actions bot's).
        expect([
          number,
          model.comments.filter((c) => c.issue === number && c.body.startsWith(COMMENT_MARKER)).length,
        ]).toEqual([number, 1]);
      }
      const greens = model.statuses.filter((s) => s.context === OWNERSHIP_CONTEXT && s.state === "success");
      const refusedHeads = new Set(
        [...pulls]
          .filter(([, v]) => v === "refused")
          .flatMap(([n]) =>
            model.git.diff(model.mainSha, model.pull(n)!.head.sha).length ? [model.pull(n)!.head.sha] : [],
          ),
      );
      expect(greens.filter((s) => refusedHeads.has(s.sha))).toEqual([]);
      // Every form: its pull request with a status, or the intake's comment saying why not.
      for (const issue of model.issues) {
        const pr = model.pulls.find(
          (p) => p.head.repo === REPOSITORY && p.head.ref === `intake/issue-${issue.number}`,
        );
        const answered = model.comments.some(
          (c) => c.issue === issue.number && c.body.startsWith(INTAKE_MARKER),
        );
        expect([
          issue.number,
          answered,
          pr !== undefined && model.status(pr.head.sha, OWNERSHIP_CONTEXT)?.state,
        ]).toEqual([issue.number, true, "success"]);
      }
    },
  );
});
