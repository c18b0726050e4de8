import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

const editable = async (root: string) =>
  (await check({ root })).diagnostics.filter((d) => d.rule === "record-editable");

/** The valid fixture with `file`'s text changed by `edit`. */
async function edited(file: string, edit: (text: string) => string): Promise<string> {
  const root = await fixtureRoot();
  await writeFile(join(root, file), edit(await readFile(join(root, file), "utf8")));
  return root;
}

describe("record-editable", () => {
  it("warns on a team whose members name no GitHub account, as npm run new writes it without --github", async () => {
    const root = await edited("records/teams/alpha-team.yaml", (t) =>
      t.replace(/github: .*/g, "github: null"),
    );
    expect(await editable(root)).toEqual([
      expect.objectContaining({
        file: "records/teams/alpha-team.yaml",
        severity: "warning",
        message: expect.stringContaining("nobody could change this record later"),
        fix: "Write your GitHub name under your entry in members: `github: your-name` (as on your GitHub profile).",
      }),
    ]);
  });

  it("warns on a project that names no account, and whose team names none either", async () => {
    let root = await edited("records/projects/beta-sim.yaml", (t) =>
      t.replace(/github: .*/g, "github: null"),
    );
    expect((await editable(root)).map((d) => [d.file, d.found])).toEqual([
      ["records/projects/beta-sim.yaml", "none"],
    ]);
    // A project its team's members may change is left be.
    root = await edited("records/projects/alpha-bot.yaml", (t) => t.replace(/github: .*/g, "github: null"));
    expect(await editable(root)).toEqual([]);
  });

  it("says nothing of records that name someone", async () => {
    expect(await editable(await fixtureRoot())).toEqual([]);
  });
});
