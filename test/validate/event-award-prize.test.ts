import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { checkEventWith, PRIZES } from "../helpers/event-with.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

describe("event-award-prize", () => {
  it("accepts awards that name a prize by its id, and awards that name none", async () => {
    expect(
      await checkEventWith(`${PRIZES}awards:
  - name: Best overall
    prize: best-overall
    projects: [alpha-bot]
  - name: Best simulation
    prize: best-sim
    projects: [beta-sim]
  - name: Jury's special mention
    prize: null
    projects: [beta-sim]
  - name: Audience award
    projects: [alpha-bot]
`),
    ).toEqual([]);
  });

  it("reports an award naming a prize by its name, or one the event does not list, with the nearest id", async () => {
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      `${PRIZES}awards:
  - name: Best overall
    prize: Best overall
    projects: [alpha-bot]
  - name: Best simulation
    prize: bset-sim
    projects: [beta-sim]
  - name: Best hardware
    prize: hardware-prize
    projects: [alpha-bot]
`,
    );
    const { diagnostics } = await check({ root });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.rule} ${d.found}`)).toEqual([
      '47:12 invalid-value "Best overall"',
      '50:12 event-award-prize "bset-sim", which is not one',
      '53:12 event-award-prize "hardware-prize", which is not one',
    ]);
    expect(diagnostics.slice(1).map((d) => d.fix)).toEqual([
      "Did you mean best-sim? Name the prize by its id.",
      "Use one of best-overall, best-sim, or null.",
    ]);
  });

  it("tells an event with no prizes to list the prize first", async () => {
    const [d] = (
      await check({
        root: await (async () => {
          const root = await fixtureRoot();
          await appendFile(
            join(root, "records/event.yaml"),
            "awards:\n  - name: Best overall\n    prize: best-overall\n    projects: [alpha-bot]\n",
          );
          return root;
        })(),
      })
    ).diagnostics;
    expect([d?.rule, d?.fix]).toEqual([
      "event-award-prize",
      "List the prize under prizes with this id, or set prize to null.",
    ]);
  });
});
