import { cp } from "node:fs/promises";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { publishProblems } from "../../generator/publish/publish-problems.ts";
import { renderPublishSummary } from "../../generator/publish/publish-summary.ts";
import { FIXTURES, fixtureRoot } from "../helpers/fixture-root.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const LINKS = { repositoryUrl: "https://github.com/org/sprint", sha: SHA };
/** GitHub renders a job summary as Markdown with some HTML allowed; markdown-it with HTML on is stricter. */
const render = (markdown: string) => new MarkdownIt({ html: true }).render(markdown);
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("Publish's job summary", () => {
  it("shows a team name holding HTML, Markdown and a mention as the text it is, and keeps every part of the problem", async () => {
    const root = await fixtureRoot();
    for (const name of ["name-taken-first", "name-taken-markdown"])
      await cp(
        join(FIXTURES, "merged-clash/teams", `${name}.yaml`),
        join(root, `records/teams/${name}.yaml`),
      );
    const checked = await check({ root });
    const problems = publishProblems(checked.diagnostics, checked.loaded);
    const arrivals = new Map([
      [
        "records/teams/name-taken-markdown.yaml",
        { sha: SHA, subject: "Add <img src=x> **us** @octocat", pull: 7 },
      ],
      ["records/teams/name-taken-first.yaml", { sha: SHA, subject: "<b>rebased</b> | @octocat" }],
    ]);
    const html = render(renderPublishSummary(problems, arrivals, LINKS));

    // Only what the summary itself writes is markup: two headings, its lists, the rule and commits as code, its links.
    expect(html.match(/<h\d>/g)).toEqual(["<h2>", "<h3>", "<h3>", "<h4>"]);
    expect(html).not.toMatch(/<(img|b|strong|em|details|summary)\b|<!--/);
    expect(html.match(/<code>[^<]*<\/code>/g)).toEqual([
      "<code>name-unique</code>",
      "<code>0123456</code>",
      "<code>0123456</code>",
    ]);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `https://github.com/org/sprint/blob/${SHA}/records/teams/name-taken-markdown.yaml#L2`,
      `https://github.com/org/sprint/blob/${SHA}/records/teams/name-taken-markdown.yaml#L2`,
      "https://github.com/org/sprint/pull/7",
      `https://github.com/org/sprint/commit/${SHA}`,
      `https://github.com/org/sprint/blob/${SHA}/records/teams/name-taken-first.yaml#L1`,
      `https://github.com/org/sprint/commit/${SHA}`,
    ]);
    // The words survive whole; a mention gets a word joiner, so nobody is pinged.
    const items = [...html.matchAll(/<li>([^]*?)(?=<\/li>|<ul>)/g)].map((m) => text(m[1]!).trim());
    expect(items).toEqual([
      "Open a pull request that renames one of the two teams; the site stays as it was until a build passes.",
      "expected: a name no other team has",
      'found: "Gamma <!-- | **@\u2060Team** ](#) ` </>", as records/teams/name-taken-first.yaml has "Gamma Team"',
      'fix: Choose a name of your own (such as "Gamma <!-- | **@\u2060Team** ](#) ` </> name-taken-markdown"); if records/teams/name-taken-first.yaml is yours, edit that file instead of adding another.',
      "records involved:",
      "records/teams/name-taken-markdown.yaml:2:7: last brought to the branch by pull request #7 (commit 0123456)",
      "records/teams/name-taken-first.yaml:1:7: last changed by commit 0123456 (<b>rebased</b> | @\u2060octocat), which names no pull request",
    ]);
  });

  it("says the records are not what failed when they are valid, and that nothing was deployed", () => {
    const html = render(renderPublishSummary([], new Map(), LINKS));
    expect(text(html)).toContain("The records are valid, so the build failed for another reason");
    expect(text(html)).toContain(
      "Nothing was deployed: GitHub Pages keeps serving the last site that built.",
    );
  });
});
