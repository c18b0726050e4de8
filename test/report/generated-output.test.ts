import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TYPES_PATH } from "../../generator/contract/types-stamp.ts";
import { REPO } from "../helpers/fixture-root.ts";
import { generatedOutputProblems } from "../../generator/report/generated-output.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

/** The example records plus the generated record types, as a pull request's checkout has them. */
async function checkout(): Promise<string> {
  const root = await exampleRoot();
  await mkdir(join(root, "generator/contract"), { recursive: true });
  await writeFile(join(root, TYPES_PATH), await readFile(join(REPO, TYPES_PATH)));
  return root;
}

describe("hand-edited generated output", () => {
  it("finds nothing in a clean checkout", async () => {
    expect(await generatedOutputProblems(await checkout())).toEqual([]);
  });

  it("fails a committed dist/ and a hand-edited records.ts", async () => {
    const root = await checkout();
    await mkdir(join(root, "dist/api"), { recursive: true });
    await writeFile(join(root, "dist/api/teams.json"), "{}");
    const types = join(root, TYPES_PATH);
    await writeFile(
      types,
      (await readFile(types, "utf8")).replace("name: string;", "name: string | number;"),
    );
    expect(await generatedOutputProblems(root)).toEqual([
      {
        file: "dist",
        line: 1,
        column: 1,
        severity: "error",
        rule: "generated-output",
        message: "dist/ is the built site and is never committed (found 2 entries)",
        expected: "no dist/ folder",
        found: "2 entries",
        fix: "Remove dist/ from the pull request; the Publish workflow builds it on merge.",
      },
      {
        file: TYPES_PATH,
        line: 1,
        column: 1,
        severity: "error",
        rule: "generated-output",
        message: `${TYPES_PATH} differs from what records/schemas/ generate`,
        expected: "the output of npm run schema:types",
        found: "a hand edit or a stale file",
        fix: "Edit records/schemas/ instead, then run npm run schema:types and commit its output.",
      },
    ]);
  });

  it("fails records.ts when a schema changed without npm run schema:types, by its stamp alone", async () => {
    const root = await checkout();
    const schema = join(root, "records/schemas/team.schema.json");
    await writeFile(schema, (await readFile(schema, "utf8")).replace('"maxItems": 30', '"maxItems": 31'));
    expect((await generatedOutputProblems(root)).map((d) => [d.file, d.found])).toEqual([
      [TYPES_PATH, "a hand edit or a stale file"],
    ]);
  });
});
