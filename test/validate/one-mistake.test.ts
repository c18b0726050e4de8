import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import { check } from "../../generator/pipeline.ts";
import { CONFUSED_FIELDS } from "../../generator/validate/confused-fields.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * One mistake, one error, with the fix to type (issue 48): the valid fixture with one record's
 * line `was` written as `now`; the problems of that file, and the same after the fix's own line.
 */
async function mistake(file: string, was: string, now: string) {
  const root = await fixtureRoot();
  const text = await readFile(join(root, file), "utf8");
  if (!text.includes(was)) throw new Error(`${file} has no ${was}`);
  await writeFile(join(root, file), text.replace(was, now));
  const problems = async () => (await check({ root })).diagnostics.filter((d) => d.file === file);
  const found = await problems();
  /** Writes what the fix says to write, in place of `now`, and checks again. */
  const applied = async (line: string) => {
    await writeFile(join(root, file), text.replace(was, line));
    return problems();
  };
  return { found, applied };
}

const PROJECT = "records/projects/alpha-bot.yaml";
const TEAM = "records/teams/alpha-team.yaml";
const written = (fix: string | undefined) => /Write `([^`]*)`/.exec(fix ?? "")?.[1];

describe("one mistake, one error", () => {
  it("says a project's `members` is its `team`, and not also that `team` is missing", async () => {
    const { found } = await mistake(PROJECT, "team:\n", "members:\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      rule: "unknown-field",
      line: 11,
      fix: 'Rename "members" to "team": that is the field for it.',
    });
  });

  it("says a team's `member` is `members`, once", async () => {
    const { found } = await mistake(TEAM, "members:\n", "member:\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      rule: "unknown-field",
      fix: 'Rename "member" to "members": that is the field for it.',
    });
  });

  it("asks whether `repository` is `repo`, from the list of fields people confuse", async () => {
    const { found } = await mistake(PROJECT, "repo:", "repository:");
    expect(found).toEqual([expect.objectContaining({ rule: "unknown-field", fix: 'Did you mean "repo"?' })]);
  });

  it("tells a track written by its name once, with its id to write", async () => {
    const { found, applied } = await mistake(PROJECT, "track: hardware", "track: Hardware");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: "project-track", line: 3 });
    expect(written(found[0]!.fix)).toBe("track: hardware");
    expect(await applied(written(found[0]!.fix)!)).toEqual([]);
  });

  it("tells a teamSlug written as the team's file name once, with the slug to write", async () => {
    const { found, applied } = await mistake(PROJECT, "teamSlug: alpha-team", "teamSlug: alpha-team.yaml");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: "project-team-slug" });
    expect(await applied(written(found[0]!.fix)!)).toEqual([]);
  });

  it("names an image from inside site/public/ when it was written from the repository's root", async () => {
    const { found, applied } = await mistake(
      PROJECT,
      "  - images/alpha.svg",
      "  - site/public/images/alpha.svg",
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.fix).toBe('Write it as "images/alpha.svg": an image is named from inside site/public/.');
    expect(await applied("  - images/alpha.svg")).toEqual([]);
  });

  it("says where the file goes too, when an image named from the repository's root is not there", async () => {
    const { found } = await mistake(PROJECT, "  - images/alpha.svg", "  - site/public/images/new.png");
    expect(found.map((d) => d.fix)).toEqual([
      'Write it as "images/new.png" (an image is named from inside site/public/), and add the file as site/public/images/new.png in the same pull request.',
    ]);
  });

  it.each(["https://github.com/ada-a", "'@ada-a'", "github.com/ada-a/"])(
    "gives the GitHub name alone for github: %s",
    async (value) => {
      const { found, applied } = await mistake(PROJECT, "    github: ada-a", `    github: ${value}`);
      expect(found).toHaveLength(1);
      expect(written(found[0]!.fix)).toBe("github: ada-a");
      expect(await applied(`    ${written(found[0]!.fix)}`)).toEqual([]);
    },
  );

  it("names in its list only fields the schema has, at the place it says", () => {
    type Node = { properties?: Record<string, unknown>; $defs?: Record<string, Node> };
    const fields = (schema: Node) => Object.keys(schema.properties ?? {});
    const person = [
      ...fields((recordSchemas.team as Node).$defs!.member!),
      ...fields((recordSchemas.project as Node).$defs!.person!),
    ];
    const at = { team: fields(recordSchemas.team), project: fields(recordSchemas.project), person };
    for (const [place, pairs] of Object.entries(CONFUSED_FIELDS))
      for (const [wrong, meant] of Object.entries(pairs)) {
        expect(at[place as keyof typeof at], `${place}: ${wrong} → ${meant}`).toContain(meant);
        expect(at[place as keyof typeof at], `${place}: ${wrong} is a field`).not.toContain(wrong);
      }
  });
});
