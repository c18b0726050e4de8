import { appendFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  JUDGE_SHORTFALL_RULE,
  JUDGES_NONE_RULE,
  judgeShortfallWarnings,
} from "../../generator/derive/judge-shortfall.ts";
import type { RecordFile } from "../../generator/load/record-file.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * The judging page no longer tells organisers, in front of judges and visitors, to add judges or
 * to read the assignment (review of issue 57): the organiser learns it here, from the warnings
 * `npm run validate`, the build and `npm run dev` print.
 */
async function derived(yaml = "", prepare?: (root: string) => Promise<void>) {
  const root = await fixtureRoot();
  // Named, so the unknown repository's warning stays out of the way.
  await appendFile(join(root, "records/event.yaml"), `repository: org/sprint\n${yaml}`);
  await prepare?.(root);
  const result = await deriveSite({
    root,
    baseUrl: "https://hackathon.example/",
    env: { SOURCE_DATE_EPOCH: "0" },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result;
}

const judgingWarnings = (result: Awaited<ReturnType<typeof derived>>) =>
  result.diagnostics.filter((d) => d.rule === JUDGES_NONE_RULE || d.rule === JUDGE_SHORTFALL_RULE);

const TWO_JUDGES = `judges:
  - name: Ada
    affiliation: Lab
    conflicts: [alpha-bot]
  - name: Alan
    affiliation: Lab
`;

describe("the build's warnings of projects short of judges", () => {
  it("warns, at records/event.yaml, when the event has projects and lists no judges", async () => {
    expect(judgingWarnings(await derived())).toEqual([
      {
        file: "records/event.yaml",
        // The mapping where `judges:` would go: its first key (line 1 is a comment).
        line: 2,
        column: 1,
        severity: "warning",
        rule: JUDGES_NONE_RULE,
        message:
          "the event lists no judges, so no one can score its 2 projects: the judging page says the judges are not announced yet",
        expected: "judges: a list of the judges, each with a name and an affiliation",
        found: "no judges",
        fix: "List the judges under judges: in records/event.yaml; the judging page gives each a page of their projects.",
      },
    ]);
  });

  it("names each project fewer judges may judge than judging.perProject asks, with how many may, at judges:", async () => {
    const [warning, ...more] = judgingWarnings(await derived(`judging:\n  perProject: 2\n${TWO_JUDGES}`));
    expect(more).toEqual([]);
    expect(warning).toMatchObject({
      file: "records/event.yaml",
      // The fixture's 36 lines, repository:, judging: and perProject:, judges: on 40, its list from 41.
      line: 41,
      severity: "warning",
      rule: JUDGE_SHORTFALL_RULE,
      message:
        "1 project gets fewer than judging.perProject (2) judges: no more of the event's 2 judges may judge it (the others have a conflict or judge other prizes' tracks): alpha-bot (1)",
      found: "1 with fewer",
      fix: "Add judges who may judge them, or lower judging.perProject (now 2); judging/assignment.json lists each under shortfall.",
    });
  });

  it("says nothing when every project has its judges, before any project, once awarded, or for an archived edition", async () => {
    expect(judgingWarnings(await derived(`judging:\n  perProject: 1\n${TWO_JUDGES}`))).toEqual([]);
    const none = await derived("", (root) => rm(join(root, "records/projects"), { recursive: true }));
    expect(judgingWarnings(none)).toEqual([]);
    const awarded = await derived("awards:\n  - name: Best robot\n    projects: [alpha-bot]\n");
    expect(judgingWarnings(awarded)).toEqual([]);
    const unjudged = await derived();
    const archived = { ...unjudged.model, phase: { ...unjudged.model.phase, archived: true } };
    const event: RecordFile = { kind: "event", file: "records/event.yaml", slug: "event", data: {} };
    expect(judgeShortfallWarnings(archived, event)).toEqual([]);
    // The same model, not archived, is warned of: the edition's phase is what spares it.
    expect(judgeShortfallWarnings(unjudged.model, event)).toHaveLength(1);
  });
});
