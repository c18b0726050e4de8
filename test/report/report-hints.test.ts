import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiDiff } from "../../generator/diff/api-diff.ts";
import { MAX_HINTS, reportHints } from "../../generator/report/report-hints.ts";
import { tempDir } from "../helpers/fixture-root.ts";

const none = { added: [], removed: [], changed: [] };

async function root(files: Record<string, string>): Promise<string> {
  const dir = await tempDir("hints-");
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

describe("the records Report reads with its first query", () => {
  it("are the diff's records and the teams their projects join, on the head and on the base", async () => {
    const head = await root({ "records/projects/arm.yaml": "title: Arm\nteamSlug: new-team\n" });
    const base = await root({ "records/projects/arm.yaml": "title: Arm\nteamSlug: old-team\n" });
    const diff: ApiDiff = {
      event: [],
      teams: { ...none, added: ["new-team"] },
      projects: { ...none, changed: [{ slug: "arm", fields: [{ path: "teamSlug" }] }] },
    };
    expect(reportHints(diff, [head, base])).toEqual([
      "records/teams/new-team.yaml",
      "records/projects/arm.yaml",
      "records/teams/old-team.yaml",
    ]);
  });

  it("are none when the head does not build, and never more than the cap", async () => {
    expect(reportHints(null, [])).toEqual([]);
    const many = Array.from({ length: 200 }, (_, i) => `team-${i}`);
    expect(reportHints({ event: [], teams: { ...none, added: many }, projects: none }, [])).toHaveLength(
      MAX_HINTS,
    );
  });

  it("skip a project whose team link is no slug, or that is not there", async () => {
    const head = await root({ "records/projects/arm.yaml": "title: Arm\nteamSlug: ../../.github/x\n" });
    const diff: ApiDiff = { event: [], teams: none, projects: { ...none, added: ["arm", "gone"] } };
    expect(reportHints(diff, [head])).toEqual(["records/projects/arm.yaml", "records/projects/gone.yaml"]);
  });
});
