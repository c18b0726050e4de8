import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import type { ApiDiff } from "../../generator/diff/api-diff.ts";
import { artifactFor } from "../../generator/report/report-artifact.ts";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import { forkPull, gripperChange, reportAfterValidate, startScene } from "../helpers/report-harness.ts";

/**
 * Comments that grew past GitHub's 65,536 characters: GitHub answered 422 (the GitHub model does too),
 * Report failed, and the pull request got no comment and no status.
 */
const PUNCTUATION = "|<>[]()*_`@x&#!".repeat(267).slice(0, 4000);

const problems = (n: number): Diagnostic[] =>
  Array.from({ length: n }, (_, i) => ({
    file: `records/teams/${"(|)<>".repeat(90)}${i}.yaml`,
    line: i + 1,
    column: 1,
    severity: "error",
    rule: "schema",
    message: PUNCTUATION,
    expected: PUNCTUATION,
    found: PUNCTUATION,
    fix: PUNCTUATION,
  }));

const slug = (i: number) => `${"team-with-a-long-name-".repeat(4)}${i}`;
const noChange = { added: [], removed: [], changed: [] };
const changedTeams = (n: number): ApiDiff["teams"] => ({
  ...noChange,
  changed: Array.from({ length: n }, (_, i) => ({
    slug: slug(i),
    fields: ["name", "skillsWanted", "lookingForMembers"].map((path) => ({
      path,
      before: PUNCTUATION.slice(0, 200),
      after: PUNCTUATION.slice(200, 400),
    })),
  })),
});
const imported = (n: number): ApiDiff["projects"] => ({
  ...noChange,
  added: Array.from({ length: n }, (_, i) => slug(i)),
});

let model: GithubModel;
let github: RunningModel;

/** A participant's pull request that adds `n` project records. */
const importFiles = (n: number): Pull =>
  forkPull(
    model,
    "mallory",
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`records/projects/${slug(i)}.yaml`, `title: P${i}\n`]),
    ),
  );

describe("the comment stays under GitHub's limit, so it is posted and the status set", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it.each([
    {
      name: "50 punctuation-heavy problems",
      diagnostics: problems(50),
      diff: null,
      files: 0,
      more: "listed in the Validate run's job summary.",
    },
    {
      name: "600 changed teams",
      diagnostics: [],
      diff: { event: [], teams: changedTeams(600), projects: noChange },
      files: 0,
      more: "more changed entries, listed in the Validate run's job summary.",
    },
    {
      name: "a 4,000-file import",
      diagnostics: [],
      diff: { event: [], teams: noChange, projects: imported(4000) },
      files: 4000,
      more: "more files (",
    },
    {
      name: "all of them at once",
      diagnostics: problems(50),
      diff: { event: [], teams: changedTeams(600), projects: imported(4000) },
      files: 4000,
      more: "more files (",
    },
  ])("$name", async ({ diagnostics, diff, files, more }) => {
    const pr = files > 0 ? importFiles(files) : forkPull(model, "lenafischer", await gripperChange());
    const artifact = artifactFor(
      { number: pr.number, headSha: pr.head.sha, baseSha: model.mainSha },
      diagnostics.length === 0,
      diagnostics,
      diff,
    );
    const run = await reportAfterValidate({ model, github }, pr, artifact);
    expect(run.stdout.split("\n").filter((l) => l.startsWith("::error"))).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(model.comments).toHaveLength(1);
    const body = model.comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(60_000);
    expect(body.match(/<details>/g)?.length ?? 0).toBe(body.match(/<\/details>/g)?.length ?? 0);
    expect(body).toContain(more);
    expect(model.statuses.map((s) => s.state)).toEqual([files > 0 ? "failure" : "success"]);
  });
});
