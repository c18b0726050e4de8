import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { checkEventWith } from "../helpers/event-with.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

describe("event-judge-conflicts", () => {
  it("accepts conflicts that name a team or a project of the event", async () => {
    expect(
      await checkEventWith(`judges:
  - name: Ada Byron
    affiliation: Sim Co
    conflicts: [alpha-team, beta-sim]
  - name: Alan T
    affiliation: Bletchley
    conflicts: []
`),
    ).toEqual([]);
  });

  it("warns at each conflict that names neither, with the nearest slug, and still builds", async () => {
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      `judges:
  - name: Ada Byron
    affiliation: Sim Co
    conflicts:
      - alpha-team
      - alpha-tem
      - gamma-squad
`,
    );
    const result = await check({ root });
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.line, d.column, d.severity, d.rule, d.message, d.fix])).toEqual([
      [
        42,
        9,
        "warning",
        "event-judge-conflicts",
        'judges[0].conflicts[1] should be the slug of a team in records/teams/ or a project in records/projects/ (found "alpha-tem", which is neither)',
        "Did you mean alpha-team? Name the team or project by its file name without .yaml.",
      ],
      [
        43,
        9,
        "warning",
        "event-judge-conflicts",
        'judges[0].conflicts[2] should be the slug of a team in records/teams/ or a project in records/projects/ (found "gamma-squad", which is neither)',
        "Name the team or project by its file name without .yaml, or remove it once it is not coming.",
      ],
    ]);
  });
});
