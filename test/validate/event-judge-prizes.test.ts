import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { checkEventWith, PRIZES } from "../helpers/event-with.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

describe("event-judge-prizes", () => {
  it("accepts judges who name prizes by their ids, and judges who name none", async () => {
    expect(
      await checkEventWith(`${PRIZES}judges:
  - name: Ada Byron
    affiliation: Sim Co
    prizes: [best-sim, best-overall]
  - name: Alan T
    affiliation: Bletchley
    prizes: []
  - name: Grace H
    affiliation: Navy
`),
    ).toEqual([]);
  });

  it("reports each prize no prize has as its id, at its line, with the nearest id or the ids to use", async () => {
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      `${PRIZES}judges:
  - name: Ada Byron
    affiliation: Sim Co
    prizes:
      - best-sim
      - best-sm
      - hardware-prize
`,
    );
    const { diagnostics } = await check({ root });
    expect(diagnostics.map((d) => [d.line, d.column, d.severity, d.rule, d.message, d.fix])).toEqual([
      [
        50,
        9,
        "error",
        "event-judge-prizes",
        'judges[0].prizes[1] must be the id of a prize in prizes (found "best-sm", which is not one)',
        "Did you mean best-sim? Name the prize by its id.",
      ],
      [
        51,
        9,
        "error",
        "event-judge-prizes",
        'judges[0].prizes[2] must be the id of a prize in prizes (found "hardware-prize", which is not one)',
        "Use one of best-overall, best-sim, or leave prizes out for a judge who judges every project.",
      ],
    ]);
  });

  it("tells an event without prizes to list the prize, and leaves a value that is no id to the schema", async () => {
    expect(
      await checkEventWith(`judges:
  - name: Ada Byron
    affiliation: Sim Co
    prizes: [best-sim, Best Sim]
`),
    ).toEqual([
      '40:14 error event-judge-prizes "best-sim", which is not one',
      '40:24 error invalid-value "Best Sim"',
    ]);
  });
});
