import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../helpers/build-site.ts";
import { exampleRoot, fixtureRoot } from "../../helpers/fixture-root.ts";

// A judge whose name is markup, and one whose name makes no path: both must come out as text.
const JUDGES = `judges:
  - name: "<img src=x onerror=alert(1)> \\"Q\\" & co"
    affiliation: "<script>alert(2)</script>"
  - name: 李明
    affiliation: Lab
judging:
  tables:
    - project: alpha-bot
      table: "Table <12>"
`;

async function site(more = ""): Promise<string> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), JUDGES + more);
  return buildSite(root, "https://hackathon.example/");
}

describe("the judging pages", () => {
  it("list each judge on the index and give each a page of their projects, with every name as text", async () => {
    const out = await site();
    const index = await readFile(join(out, "judging/index.html"), "utf8");
    expect(index).toContain(
      '<a href="../judging/img-src-x-onerror-alert-1-q-co.html" data-judge="&lt;img src=x onerror=alert(1)&gt; &quot;Q&quot; &amp; co"><bdi>&lt;img src=x onerror=alert(1)&gt; &quot;Q&quot; &amp; co</bdi></a>',
    );
    expect(index).toContain("<bdi>&lt;script&gt;alert(2)&lt;/script&gt;</bdi>");
    expect(index).toContain('<a href="../judging/judge-2.html" data-judge="李明"><bdi>李明</bdi></a>');
    expect(index).not.toMatch(/<img src=x|<script>alert/);

    const page = await readFile(join(out, "judging/judge-2.html"), "utf8");
    expect(page).toContain(
      '<div class="judging" data-judging data-event="Fixture Sprint" data-judge="李明" data-scale="5" data-format="hackathon-registry scores 1" data-note-max="5000" data-file-max="2000000" data-slug="^[a-z0-9]+(-[a-z0-9]+)*$" data-total="2" data-offset="0" data-list="../judging/judge-2/projects.json" data-file="scores-judge-2.json" data-before="" data-after="">',
    );
    // Two projects make one page: no page links, and a list the script reads to count over pages.
    expect(page).not.toContain('class="pages"');
    expect(JSON.parse(await readFile(join(out, "judging/judge-2/projects.json"), "utf8"))).toEqual({
      object: "judge-projects",
      judge: "李明",
      projects: 2,
      pages: [{ path: "judging/judge-2.html", projects: ["beta-sim", "alpha-bot"] }],
    });
    expect(page).toContain("<h1>Judging: <bdi>李明</bdi></h1>");
    // Both of the fixture's projects, each once, with the score form once as a template.
    const assignment = JSON.parse(await readFile(join(out, "judging/assignment.json"), "utf8"));
    const projects = [...page.matchAll(/<li class="judge-project" data-project="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(projects).toEqual(assignment.judges[1].projects);
    expect(projects.length).toBe(2);
    expect(page.match(/<template id="score-form">/g)).toHaveLength(1);
    // Where to find a project, as judging.tables gives it, under its title: text, never markup.
    const alpha = page.slice(page.indexOf('data-project="alpha-bot"'));
    expect(alpha.slice(0, alpha.indexOf("</li>"))).toContain(
      '<p class="place">At <strong><bdi>Table &lt;12&gt;</bdi></strong></p>',
    );
    const beta = page.slice(page.indexOf('data-project="beta-sim"'));
    expect(beta.slice(0, beta.indexOf("</li>"))).not.toContain('class="place"');
    expect(page).toMatch(/<script src="\.\.\/assets\/judging\.js\?v=[0-9a-f]{10}" defer><\/script>/);
  });

  it("say plainly when fewer judges may judge a project than the event asks, with no task for organisers", async () => {
    // Both judges may judge beta-sim, only the second alpha-bot; the event asks for two each.
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      "judging:\n  perProject: 2\njudges:\n  - name: Ada\n    affiliation: Lab\n    conflicts: [alpha-bot]\n  - name: Alan\n    affiliation: Lab\n",
    );
    const index = await readFile(
      join(await buildSite(root, "https://hackathon.example/"), "judging/index.html"),
      "utf8",
    );
    expect(index).toContain(
      '<p class="note">1 project gets fewer than 2 judges: no more of the judges may judge it.</p>',
    );
    const main = /<main[\s\S]*<\/main>/.exec(index)![0];
    expect(main).not.toMatch(/organisers|assignment\.json/i);
  });

  it("keeps the judging pages out of the sitemap: they are for the judges, not for search engines", async () => {
    const sitemap = await readFile(join(await site(), "sitemap.xml"), "utf8");
    expect(sitemap).toContain("https://hackathon.example/handbook/");
    expect(sitemap).not.toContain("judging");
  });

  it("are linked from the home page's judges, and say when judging is over", async () => {
    const before = await site();
    expect(await readFile(join(before, "index.html"), "utf8")).toContain(
      '<p class="note">Judges: score your projects on <a href="judging/">the judging page</a>.</p>',
    );
    expect(await readFile(join(before, "judging/index.html"), "utf8")).not.toContain("Judging is over");
    // "How judging works" leads to the handbook's judging chapter, when there is one.
    expect(await readFile(join(before, "judging/index.html"), "utf8")).toContain(
      'How judging works: <a href="../handbook/">the handbook</a>.',
    );
    const example = await buildSite(await exampleRoot(), "https://hackathon.example/");
    expect(await readFile(join(example, "judging/index.html"), "utf8")).toContain(
      'How judging works: <a href="../handbook/judging.html">the handbook\'s <bdi>Judging</bdi></a>.',
    );
    const after = await site("awards:\n  - name: Best robot\n    projects: [alpha-bot]\n");
    expect(await readFile(join(after, "judging/index.html"), "utf8")).toContain(
      '<p class="notice">Judging is over: <a href="../#winners">see the winners</a>.</p>',
    );
    // Once awarded, the home page's judges no longer invite anyone to score.
    expect(await readFile(join(after, "index.html"), "utf8")).not.toContain("score your projects");
  });

  it("say so when the event lists no judges, and when a judge has no projects to score", async () => {
    const root = await fixtureRoot();
    const none = await buildSite(root, "https://hackathon.example/");
    // Said to the page's readers; the organiser is told what to do by the build (event-judges-none).
    const noJudges = await readFile(join(none, "judging/index.html"), "utf8");
    expect(noJudges).toContain("<p>The judges are not announced yet.</p>");
    // No name to pick, so no call to pick one (newcomer review R10).
    expect(noJudges).not.toContain("pick your name");
    const main = /<main[\s\S]*<\/main>/.exec(noJudges)![0];
    expect(main).not.toMatch(/organisers|records\/event\.yaml|<code>judges/i);
    // Every project is short of judges when there are none: said once, not again as a shortfall.
    expect(noJudges).not.toContain("fewer than");
    await appendFile(
      join(root, "records/event.yaml"),
      "judges:\n  - name: Ada Judge\n    affiliation: Lab\n    conflicts: [alpha-bot, beta-sim]\n",
    );
    const page = await readFile(
      join(await buildSite(root, "https://hackathon.example/"), "judging/ada-judge.html"),
      "utf8",
    );
    expect(page).toContain('<p class="lede">No projects to score yet.</p>');
    expect(page).not.toContain('class="judge-project"');
    // No progress, list, Previous or Next without a project to step through.
    expect(page).not.toContain("data-previous");
    expect(page).not.toContain("data-progress");
  });
});
