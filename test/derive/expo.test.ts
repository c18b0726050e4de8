import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveModel } from "../../generator/derive/derive-model.ts";
import { unseatedErrors } from "../../generator/derive/expo.ts";
import { check, validRecords } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** The valid fixture (alpha-bot in track hardware, beta-sim in none) with a floor and needs appended, checked. */
async function checked(floor: string, needs: Record<string, string> = {}) {
  const root = await fixtureRoot();
  if (floor) await appendFile(join(root, "records/event.yaml"), `expo:\n  areas:\n${floor}`);
  for (const [slug, list] of Object.entries(needs))
    await appendFile(join(root, `records/projects/${slug}.yaml`), `needs: ${list}\n`);
  const result = await check({ root });
  expect(result.diagnostics).toEqual([]);
  return result;
}

const derive = (loaded: Awaited<ReturnType<typeof checked>>["loaded"], lateArrivals?: Map<string, number>) =>
  deriveModel(
    validRecords(loaded),
    { assets: [], handbook: [] },
    {
      baseUrl: "https://x.test/",
      generatedAt: "2026-11-25T00:00:00+00:00",
      ...(lateArrivals ? { lateArrivals } : {}),
    },
  );

const FLOOR = `    - name: Café Nord
      tables: 1
      power: true
    - name: Yard
      tables: 1
      large: true
`;

describe("the expo in the derived model", () => {
  it("publishes the floor's areas with a slug from each name and every key, and each project's table", async () => {
    const model = derive((await checked(FLOOR, { "beta-sim": "[large]" })).loaded);
    expect(model.event.expo).toEqual({
      areas: [
        { slug: "cafe-nord", name: "Café Nord", tables: 1, power: true, large: false, track: null },
        { slug: "yard", name: "Yard", tables: 1, power: false, large: true, track: null },
      ],
    });
    expect(model.projects.map((p) => [p.slug, p.needs, p.table?.label, p.table?.area?.slug])).toEqual([
      ["alpha-bot", [], "Table 1", "cafe-nord"],
      ["beta-sim", ["large"], "Table 2", "yard"],
    ]);
    expect(unseatedErrors(model, [])).toEqual([]);
  });

  it("hands the tables out again only when what they are handed out from changed (npm run dev's saves)", async () => {
    const first = derive((await checked(FLOOR)).loaded);
    // Records read again, equal: the last assignment's tables, the same objects, not made anew.
    const again = derive((await checked(FLOOR)).loaded);
    expect(again.projects.map((p) => p.table)).toEqual(first.projects.map((p) => p.table));
    again.projects.forEach((p, i) => expect(p.table).toBe(first.projects[i]!.table));
    // A project's needs changed: handed out again, as a build without the last call would.
    const changed = derive((await checked(FLOOR, { "alpha-bot": "[large]" })).loaded);
    expect(changed.projects.map((p) => p.table?.label)).toEqual(["Table 2", "Table 1"]);
    expect(changed.projects[0]!.table).not.toBe(first.projects[0]!.table);
  });

  it("has no floor and no tables when the event describes none", async () => {
    const model = derive((await checked("")).loaded);
    expect(model.event.expo).toBeNull();
    expect(model.projects.map((p) => p.table)).toEqual([null, null]);
  });

  it("stops with an error at a late project that finds no free table with its needs, though the counts allow it", async () => {
    // On time, alpha-bot takes the lower of two tables with one feature each: power, which
    // beta-sim, arriving after the seed, needs. Nobody moves for it: the organiser must act.
    const { loaded } = await checked(FLOOR, { "beta-sim": "[power]" });
    const model = derive(loaded, new Map([["beta-sim", 0]]));
    expect(model.projects.map((p) => p.table?.number ?? null)).toEqual([1, null]);
    expect(unseatedErrors(model, loaded.projects)).toEqual([
      {
        file: "records/projects/beta-sim.yaml",
        line: 7,
        column: 8,
        severity: "error",
        rule: "expo-late-table",
        message:
          'project "beta-sim" came or changed after the others were given their tables and must find a free table with power in the areas it may use (found none free)',
        expected: "a free table with power",
        found: "none free",
        fix: "Add a table with power to the areas it may use (tables: count), or place the project by hand in judging.tables. A new judging.seed would hand every table out again and move other projects.",
      },
    ]);
    // On time, it would have had the power table, and alpha-bot the other.
    expect(derive(loaded).projects.map((p) => p.table?.number)).toEqual([2, 1]);
  });
});
