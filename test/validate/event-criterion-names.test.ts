import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** The valid fixture with its one criterion replaced by `criteria`; the diagnostics as `line:column rule found`. */
async function checkCriteria(criteria: string[]): Promise<string[]> {
  const root = await fixtureRoot();
  const file = join(root, "records/event.yaml");
  const block = criteria
    .map((name) => `  - name: ${name}\n    weight: 10\n    description: It counts.\n`)
    .join("");
  const text = (await readFile(file, "utf8")).replace(
    "judgingCriteria:\n  - name: Works\n    weight: 100\n    description: It works.\n",
    `judgingCriteria:\n${block}`,
  );
  await writeFile(file, text);
  const lines = text.split("\n");
  const result = await check({ root });
  return result.diagnostics
    .filter((d) => d.rule === "event-criterion-names")
    .map((d) => `${lines[d.line - 1]!.trim()} ${d.line}:${d.column} ${d.severity} ${d.found}`);
}

describe("event-criterion-names", () => {
  it("accepts criteria with names of their own, even in another case", async () => {
    expect(await checkCriteria(["Works", "works", "Notes on the demo"])).toEqual([]);
  });

  it("refuses a criterion named again, at the second one, and one named note, which a score file keeps for the judge's note", async () => {
    expect(await checkCriteria(["Works", "note", "Looks", "Works"])).toEqual([
      '- name: note 34:11 error "note"',
      '- name: Works 40:11 error "Works" again',
    ]);
  });
});
