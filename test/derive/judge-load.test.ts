import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgingAssignment } from "../../generator/derive/judging-assignment.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { PRIZES } from "../helpers/event-with.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** Three judges; after the fixture event's 36 lines and two of judging, their entries are on lines 40, 42 and 44. */
const THREE_JUDGES = `judges:
  - name: Ada Lovelace
    affiliation: Engines
  - name: Alan Turing
    affiliation: Bletchley
  - name: Grace Hopper
    affiliation: Navy
`;

/**
 * The valid fixture event with 50 projects (its 2 and 48 more, `sim` track on every fifth) and
 * `yaml` appended to its event.yaml, derived as the build and `npm run validate` derive it.
 */
async function derivedWith(yaml: string) {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), yaml);
  for (let i = 1; i <= 48; i++)
    await writeFile(
      join(root, `records/projects/p-${i}.yaml`),
      `title: Project ${i}\ntagline: One of many.\ndescription: Does a thing.\ntrack: ${i % 5 ? "hardware" : "sim"}\nteam:\n  - name: Member ${i}\n`,
    );
  const derived = await deriveSite({
    root,
    baseUrl: "https://hackathon.example/",
    env: { SOURCE_DATE_EPOCH: "0" },
  });
  if (!derived.ok) throw new Error(`the event should be valid: ${JSON.stringify(derived.diagnostics)}`);
  // A warning: the records are valid and the site builds all the same.
  return { model: derived.model, load: derived.diagnostics.filter((d) => d.rule === "event-judge-load") };
}

describe("a judge's load (event-judge-load)", () => {
  it("warns once per judge the assignment gives more than judging.perJudgeMax (default 40), at their entry", async () => {
    // 50 projects, each to 3 judges of 3: every judge gets all 50.
    const { load } = await derivedWith(`judging:\n  perProject: 3\n${THREE_JUDGES}`);
    expect(load.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.found}`)).toEqual([
      "records/event.yaml:40:5 warning 50 projects",
      "records/event.yaml:42:5 warning 50 projects",
      "records/event.yaml:44:5 warning 50 projects",
    ]);
    expect(load[0]).toMatchObject({
      message:
        'judge "Ada Lovelace" gets 50 projects, more than judging.perJudgeMax (40): a person can score about 40 in an afternoon',
      expected: "at most 40 projects per judge (judging.perJudgeMax)",
      fix: "Add judges, or lower judging.perProject (now 3), so each judge gets at most 40.",
    });
  });

  it("says nothing when judging.perJudgeMax allows the load", async () => {
    const { load } = await derivedWith(`judging:\n  perProject: 3\n  perJudgeMax: 60\n${THREE_JUDGES}`);
    expect(load).toEqual([]);
  });

  it("says nothing when the event lists no judges", async () => {
    const { load } = await derivedWith(`judging:\n  perProject: 3\n  perJudgeMax: 1\n`);
    expect(load).toEqual([]);
  });

  it("counts what the assignment hands out: a sponsor's judge of one track leaves the rest to the others", async () => {
    // 4 judges for 150 hand-outs would be 38 each, within 40; but Ada judges the sim track's 9
    // projects only, so the other three judge all 41 others and share the rest: 47 each.
    const { model, load } = await derivedWith(
      `${PRIZES}judging:\n  perProject: 3\n${THREE_JUDGES.replace(
        "    affiliation: Engines\n",
        "    affiliation: Engines\n    prizes: [best-sim]\n",
      )}  - name: Joan Clarke\n    affiliation: Hut 8\n`,
    );
    expect(judgingAssignment(model).judges.map((j) => j.projects.length)).toEqual([9, 47, 47, 47]);
    expect(load.map((d) => d.message.split(",")[0])).toEqual([
      'judge "Alan Turing" gets 47 projects',
      'judge "Grace Hopper" gets 47 projects',
      'judge "Joan Clarke" gets 47 projects',
    ]);
  });
});
