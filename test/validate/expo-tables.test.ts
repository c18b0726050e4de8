import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * The valid fixture (alpha-bot in track hardware, beta-sim in none) with a floor appended to its
 * event, `needs` appended to its projects and any projects added; the errors as the rule, the
 * message and the fix.
 */
async function floorWith(
  floor: string,
  needs: Record<string, string> = {},
  more: Record<string, string> = {},
): Promise<Array<[string, string, string]>> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), `expo:\n  areas:\n${floor}`);
  for (const [slug, list] of Object.entries(needs))
    await appendFile(join(root, `records/projects/${slug}.yaml`), `needs: ${list}\n`);
  for (const [slug, text] of Object.entries(more))
    await writeFile(join(root, `records/projects/${slug}.yaml`), text);
  const result = await check({ root });
  return result.diagnostics.map((d) => [d.rule, d.message, d.fix ?? ""]);
}

const project = (title: string, rest = "") =>
  `title: ${title}\ntagline: t\ndescription: d\nteam:\n  - name: Ada\n    github: ada-a\n${rest}`;

describe("the expo floor's rules", () => {
  it("accept a floor with a table for every project and every need", async () => {
    expect(
      await floorWith(
        `    - name: Hall\n      tables: 1\n    - name: Lab\n      tables: 1\n      power: true\n      large: true\n`,
        {
          "alpha-bot": "[power, large]",
        },
      ),
    ).toEqual([]);
  });

  it("expo-power-tables: names how many need power, how many tables have it, and the fix", async () => {
    expect(
      await floorWith(
        `    - name: Hall\n      tables: 3\n    - name: Workshop\n      tables: 1\n      power: true\n`,
        {
          "alpha-bot": "[power]",
          "beta-sim": "[power]",
        },
      ),
    ).toEqual([
      [
        "expo-power-tables",
        "expo.areas must have 2 tables with power for the 2 projects needing power (found 1 table)",
        "Set power: true on another area, or add tables to an area with power: 1 more table at least. Or place projects by hand in judging.tables.",
      ],
    ]);
  });

  it("expo-large-tables and expo-both-tables: a large space, both, and either", async () => {
    const floor = `    - name: Hall\n      tables: 4\n    - name: Lab\n      tables: 1\n      power: true\n      large: true\n`;
    expect(await floorWith(floor, { "alpha-bot": "[large]", "beta-sim": "[large]" })).toEqual([
      [
        "expo-large-tables",
        "expo.areas must have 2 tables with a large space for the 2 projects needing a large space (found 1 table)",
        expect.stringContaining("Set large: true on another area"),
      ],
    ]);
    // One table with both: power fits, a large space fits, not the two projects together.
    expect(
      (await floorWith(floor, { "alpha-bot": "[power]", "beta-sim": "[large]" })).map((d) => d.slice(0, 2)),
    ).toEqual([
      [
        "expo-both-tables",
        "expo.areas must have 2 tables with power or a large space for the 2 projects needing power or a large space (found 1 table)",
      ],
    ]);
    expect(
      (
        await floorWith(`    - name: Hall\n      tables: 4\n      power: true\n`, {
          "alpha-bot": "[power, large]",
        })
      ).map((d) => d.slice(0, 2)),
    ).toEqual([
      [
        "expo-both-tables",
        "expo.areas must have 1 table with both for the 1 project needing power and a large space (found 0 tables)",
      ],
      [
        "expo-large-tables",
        "expo.areas must have 1 table with a large space for the 1 project needing a large space (found 0 tables)",
      ],
    ]);
  });

  it("expo-tables-enough: counts a track's areas apart from the rest", async () => {
    const floor = `    - name: Hall\n      tables: 1\n    - name: Robot pit\n      tables: 1\n      track: hardware\n`;
    expect(await floorWith(floor)).toEqual([]);
    expect(
      (
        await floorWith(
          floor,
          {},
          { "gamma-arm": project("Gamma", "track: hardware\n"), "delta-sim": project("Delta") },
        )
      ).map((d) => d.slice(0, 2)),
    ).toEqual([
      [
        "expo-tables-enough",
        "expo.areas must have 2 tables for the 2 projects outside the tracks with areas (found 1 table in the areas without a track)",
      ],
      [
        "expo-tables-enough",
        "expo.areas must have 2 tables for the 2 projects of track hardware (found 1 table in its areas)",
      ],
    ]);
  });
});
