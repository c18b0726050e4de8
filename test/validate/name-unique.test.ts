import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { foldName } from "../../generator/validate/rules/name-unique.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** The valid fixture with `file` written as a copy of `from` whose first line is `line`. */
async function withCopy(from: string, file: string, line: string) {
  const root = await fixtureRoot();
  const text = await readFile(join(root, from), "utf8");
  await writeFile(join(root, file), text.replace(/^.*$/m, line));
  return root;
}
const problems = async (root: string) =>
  (await check({ root })).diagnostics.filter((d) => d.rule === "name-unique");

describe("name-unique", () => {
  it("refuses a second team with a name another has, as a person reads it, naming the other file", async () => {
    const root = await withCopy(
      "records/teams/alpha-team.yaml",
      "records/teams/zeta-team.yaml",
      "name: alpha  TEAM!",
    );
    const [found, ...more] = await problems(root);
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      file: "records/teams/zeta-team.yaml",
      line: 1,
      column: 7,
      severity: "error",
      message: `name must differ from every other team's (found "alpha  TEAM!"; records/teams/alpha-team.yaml has "Alpha Team")`,
      expected: "a name no other team has",
      fix: 'Choose a name of your own (such as "alpha  TEAM! zeta-team"); if records/teams/alpha-team.yaml is yours, edit that file instead of adding another.',
    });
    // The fix it gives is enough.
    await writeFile(
      join(root, "records/teams/zeta-team.yaml"),
      (await readFile(join(root, "records/teams/zeta-team.yaml"), "utf8")).replace(
        "name: alpha  TEAM!",
        "name: alpha  TEAM! zeta-team",
      ),
    );
    expect(await problems(root)).toEqual([]);
    expect((await check({ root })).ok).toBe(true);
  });

  it("refuses a project with another's title, accents and punctuation aside", async () => {
    const title = (
      await readFile(join(await fixtureRoot(), "records/projects/alpha-bot.yaml"), "utf8")
    ).match(/^title: (.*)$/m)![1]!;
    const accented = title.replace(/a/, "á").replace(/ /, " - ");
    const root = await withCopy(
      "records/projects/alpha-bot.yaml",
      "records/projects/zz-bot.yaml",
      `title: ${accented}`,
    );
    expect((await problems(root)).map((d) => [d.file, d.line, d.message])).toEqual([
      [
        "records/projects/zz-bot.yaml",
        1,
        `title must differ from every other project's (found ${JSON.stringify(accented)}; records/projects/alpha-bot.yaml has ${JSON.stringify(title)})`,
      ],
    ]);
  });

  it("folds case, accents, spaces and punctuation, and nothing else", () => {
    expect(foldName("Bölt  Brigade!")).toBe(foldName("bolt-brigade"));
    expect(foldName("Bolt Brigade 2")).not.toBe(foldName("Bolt Brigade"));
    expect(foldName("Ünïcödé Ｔｅａｍ")).toBe("unicodeteam");
    expect(foldName("機器人")).toBe("機器人");
    // Names of punctuation alone fold to nothing, and are not compared.
    expect(foldName("!!!")).toBe("");
  });

  it("leaves names that fold to nothing to the other rules", async () => {
    const root = await withCopy(
      "records/teams/alpha-team.yaml",
      "records/teams/zeta-team.yaml",
      "name: '!!!'",
    );
    await writeFile(
      join(root, "records/teams/beta-team.yaml"),
      (await readFile(join(root, "records/teams/beta-team.yaml"), "utf8")).replace(
        /^name: .*$/m,
        "name: '???'",
      ),
    );
    expect(await problems(root)).toEqual([]);
  });
});
