import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../helpers/build-site.ts";
import { fixtureRoot } from "../../helpers/fixture-root.ts";

/** The judging index of the fixture event (2 projects) with `yaml` appended to its event.yaml. */
async function judgingIndex(yaml: string): Promise<string> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), yaml);
  return readFile(join(await buildSite(root, "https://hackathon.example/"), "judging/index.html"), "utf8");
}

const note = (page: string) => page.match(/<p class="notice" data-judge-load>.*<\/p>/)?.[0];

describe("the judging index's note on judges' loads", () => {
  it("names the one judge given more than judging.perJudgeMax, as text, in words for its readers", async () => {
    // Both projects to both judges, who may each score one.
    const page = await judgingIndex(`judging:
  perProject: 2
  perJudgeMax: 1
judges:
  - name: "<script>alert(1)</script> Ada"
    affiliation: Lab
  - name: Alan
    affiliation: Lab
    conflicts: [beta-sim]
`);
    expect(note(page)).toBe(
      '<p class="notice" data-judge-load><bdi>&lt;script&gt;alert(1)&lt;/script&gt; Ada</bdi> has 2 projects to score, more than a person can score in an afternoon (about 1).</p>',
    );
    expect(page).not.toContain("<script>alert");
  });

  it("counts several and names the first ten", async () => {
    const judges = Array.from({ length: 12 }, (_, i) => `  - name: Judge ${i + 1}\n    affiliation: Lab\n`);
    const page = await judgingIndex(
      `judging:\n  perProject: 12\n  perJudgeMax: 1\njudges:\n${judges.join("")}`,
    );
    const named = Array.from({ length: 10 }, (_, i) => `<bdi>Judge ${i + 1}</bdi> (2)`).join(", ");
    expect(note(page)).toBe(
      `<p class="notice" data-judge-load>12 judges have more projects to score than a person can score in an afternoon (about 1): ${named} and 2 more.</p>`,
    );
  });

  it("tells the judges' page no organiser's task: what to change is npm run validate's warning (event-judge-load)", async () => {
    const page = await judgingIndex(
      "judging:\n  perProject: 2\n  perJudgeMax: 1\njudges:\n  - name: Ada\n    affiliation: Lab\n  - name: Alan\n    affiliation: Lab\n",
    );
    expect(note(page)).toBeDefined();
    const main = /<main[\s\S]*<\/main>/.exec(page)![0];
    expect(main).not.toMatch(/organisers|records\/event\.yaml|judging\.perProject|<code>/i);
  });

  it("says nothing when every judge's load is within judging.perJudgeMax, or there are no judges", async () => {
    expect(await judgingIndex("judges:\n  - name: Ada\n    affiliation: Lab\n")).not.toContain(
      "data-judge-load",
    );
    expect(await judgingIndex("judging:\n  perJudgeMax: 1\n")).not.toContain("data-judge-load");
  });
});
