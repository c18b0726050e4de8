import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../../helpers/fixture-root.ts";

// alpha-bot (hardware) lists Ada (ada-a) of alpha-team; beta-sim has no track and no team record.
const JUDGING = `prizes:
  - id: best-sim
    name: Best simulation
    description: The best in simulation.
    track: sim
judging:
  perProject: 3
  scale: 10
judges:
  - name: Ada Judge
    affiliation: Lab
    github: Ada-A
  - name: Cy's Friend
    affiliation: Lab
    conflicts: [beta-sim]
  - name: Sim Sponsor
    affiliation: Sim Co
    prizes: [best-sim]
  - name: Free Judge
    affiliation: University
`;

async function built(epoch: string): Promise<string> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), JUDGING);
  const out = join(await tempDir(), "dist");
  const result = await build({
    root,
    outDir: out,
    baseUrl: "https://hackathon.example/",
    env: { SOURCE_DATE_EPOCH: epoch },
  });
  expect(result.ok).toBe(true);
  return readFile(join(out, "judging/assignment.json"), "utf8");
}

describe("judging/assignment.json", () => {
  it("gives each judge their projects, the criteria, the scale and the projects short of judges, and nothing of scores", async () => {
    const document = JSON.parse(await built("1764928800"));
    expect(Object.keys(document)).toEqual([
      "object",
      "event",
      "perProject",
      "scale",
      "criteria",
      "judges",
      "shortfall",
    ]);
    expect(document).toMatchObject({
      object: "judging-assignment",
      event: "Fixture Sprint",
      perProject: 3,
      scale: 10,
      criteria: [{ name: "Works", weight: 100, description: "It works." }],
    });
    const sorted = document.judges.map((j: { name: string; projects: string[] }) => [
      j.name,
      [...j.projects].sort(),
    ]);
    expect(sorted).toEqual([
      // A member of alpha-team (GitHub names match in any case), so never alpha-bot.
      ["Ada Judge", ["beta-sim"]],
      // Names beta-sim as a conflict, so never it.
      ["Cy's Friend", ["alpha-bot"]],
      // Judges the sim track's prize only, and neither project is in it.
      ["Sim Sponsor", []],
      ["Free Judge", ["alpha-bot", "beta-sim"]],
    ]);
    expect(document.shortfall).toEqual([
      { project: "alpha-bot", judges: 2, wanted: 3 },
      { project: "beta-sim", judges: 2, wanted: 3 },
    ]);
  });

  it("is the same bytes from the same records, whenever it is built", async () => {
    const first = await built("1764928800");
    expect(await built("1800000000")).toBe(first);
    expect(first).not.toMatch(/score|generatedAt|20\d\d-/i);
  });
});
