import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

/** The first ```yaml block of a handbook chapter: the template a participant copies. */
async function template(root: string, chapter: string): Promise<string> {
  const markdown = await readFile(join(root, "site/handbook", chapter), "utf8");
  return /```yaml\n([\s\S]*?)```/.exec(markdown)![1]!;
}

describe("handbook-examples", () => {
  it("warns on each person, account and link a record keeps from the handbook's template, pasted as it is", async () => {
    const root = await exampleRoot();
    const text = (await template(root, "30-submit-a-project.md"))
      .replace(/^title: .*$/m, "title: Pasted Project")
      .replace(/^teamSlug: .*$/m, "teamSlug: null");
    await writeFile(join(root, "records/projects/pasted.yaml"), text);
    const checked = await check({ root });
    const mine = checked.diagnostics.filter((d) => d.file === "records/projects/pasted.yaml");
    expect(mine.filter((d) => d.rule === "handbook-examples").map((d) => [d.line, d.message])).toEqual([
      [
        9,
        'video should be your own (found "https://example.org/our-demo-video", the example in site/handbook/30-submit-a-project.md)',
      ],
      [
        11,
        'images[0] should be your own (found "https://example.org/screenshot.png", the example in site/handbook/30-submit-a-project.md)',
      ],
      [
        14,
        'team[0].name should be your own (found "Ada Example", the example in site/handbook/30-submit-a-project.md)',
      ],
      [
        15,
        'team[0].github should be your own (found "ada-example", the example in site/handbook/30-submit-a-project.md)',
      ],
    ]);
    expect(mine.every((d) => d.severity === "warning")).toBe(true);
    expect(checked.ok).toBe(true);
  });

  it("says nothing of the sample's own records, nor once the values are the team's own", async () => {
    const root = await exampleRoot();
    const text = (await template(root, "20-register-a-team.md"))
      .replace(/^name: .*$/m, "name: Own Team")
      .replace(/Ada Example/, "Mira Own")
      .replace(/ada-example/, "mira-own")
      .replace(/Sam Example/, "Theo Own")
      .replace(/^contact: .*$/m, "contact: null");
    await writeFile(join(root, "records/teams/own-team.yaml"), text);
    const checked = await check({ root });
    expect(checked.diagnostics.filter((d) => d.rule === "handbook-examples")).toEqual([]);
  });

  it("names the chapter of the template a team record is copied from", async () => {
    const root = await exampleRoot();
    const text = (await template(root, "20-register-a-team.md")).replace(/^name: .*$/m, "name: Pasted Team");
    await writeFile(join(root, "records/teams/pasted-team.yaml"), text);
    const found = (await check({ root })).diagnostics.filter((d) => d.rule === "handbook-examples");
    expect(found.find((d) => d.message.startsWith("members[0].name"))?.found).toBe(
      '"Ada Example", the example in site/handbook/20-register-a-team.md',
    );
  });
});
