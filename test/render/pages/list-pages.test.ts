import { describe, expect, it } from "vitest";
import type { Model, ProjectEntry, TeamEntry } from "../../../generator/derive/model.ts";
import { bodyText, type Output } from "../../../generator/render/shared/document.ts";
import { homePage } from "../../../generator/render/pages/home-page.ts";
import { eventStyles } from "../../../generator/render/shared/theme.ts";
import { projectListPage } from "../../../generator/render/pages/project-list-page.ts";
import { teamListPage } from "../../../generator/render/pages/team-list-page.ts";
import { teamPage } from "../../../generator/render/pages/team-page.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents: [], rendered: [] };
const render = (kind: { render: (m: Model, c: typeof context) => Iterable<Output> }, model: Model) =>
  new Map([...kind.render(model, context)].map((o) => [o.path, bodyText(o)]));

/** The example model with `n` copies of its first project, slugs p-000 to p-(n-1). */
async function withProjects(n: number): Promise<Model> {
  const model = await exampleModel(BASE);
  const first = model.projects[0]!;
  const projects: ProjectEntry[] = Array.from({ length: n }, (_, i) => {
    const slug = `p-${String(i).padStart(3, "0")}`;
    return { ...first, slug, title: `Project ${i}`, url: `${BASE}projects/${slug}.html` };
  });
  return { ...model, projects };
}

describe("list pages", () => {
  it("cut 100 projects into pages of 48 at stable addresses, each project on exactly one", async () => {
    const pages = render(projectListPage, await withProjects(100));
    expect([...pages.keys()]).toEqual([
      "projects/index.html",
      "projects/page/2.html",
      "projects/page/3.html",
    ]);
    const slugs = [...pages.values()].flatMap((html) =>
      [...html.matchAll(/data-slug="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(slugs).toEqual(Array.from({ length: 100 }, (_, i) => `p-${String(i).padStart(3, "0")}`));
    const second = pages.get("projects/page/2.html")!;
    expect(second).toContain(`<title>Projects, page 2 of 3 · Physical AI Sprint 2026</title>`);
    expect(second).toContain(`<link rel="canonical" href="${BASE}projects/page/2.html">`);
    // Links from a page one folder down: to the first page, the neighbours, the cards and the styles.
    expect(second).toContain(
      `<ul><li><a href="../../projects/" rel="prev">Previous</a></li><li><a href="../../projects/">1</a></li><li><a href="../../projects/page/2.html" aria-current="page">2</a></li><li><a href="../../projects/page/3.html">3</a></li><li><a href="../../projects/page/3.html" rel="next">Next</a></li></ul>`,
    );
    expect(second).toContain(`<a href="../../projects/p-048.html">`);
    expect(second).toContain(`data-source="../../search/projects.json"`);
    expect(second).toMatch(/<link rel="stylesheet" href="\.\.\/\.\.\/assets\/site\.css\?v=/);
  });

  it("show the first, the last and two either side of the current page among many", async () => {
    const pages = render(projectListPage, await withProjects(48 * 20));
    const nav = (path: string) =>
      [
        ...pages
          .get(path)!
          .slice(pages.get(path)!.indexOf(`<nav class="pages"`))
          .matchAll(/<li[^>]*>(?:<a[^>]*>)?([^<]+)/g),
      ]
        .map((m) => m[1])
        .join(" ");
    expect(nav("projects/page/10.html")).toBe("Previous 1 … 8 9 10 11 12 … 20 Next");
    expect(nav("projects/index.html")).toBe("1 2 3 … 20 Next");
    expect(nav("projects/page/20.html")).toBe("Previous 1 … 18 19 20");
  });

  it("write one page saying so when there is nothing to list", async () => {
    const model = { ...(await exampleModel(BASE)), projects: [], teams: [] };
    // Each says how to be the first (test/render/pages/way-in.test.ts has the words with a repository).
    expect(render(projectListPage, model).get("projects/index.html")).toContain(
      `<p class="note">No project has been submitted yet. Be the first: <a href="../handbook/submit-a-project.html">Submit a project</a> in the handbook says how.`,
    );
    expect(render(teamListPage, model).get("teams/index.html")).toContain(
      `<p class="note">No team has registered yet. Be the first: <a href="../handbook/register-a-team.html">Register a team</a> in the handbook says how.`,
    );
  });
});

describe("the home page", () => {
  it("shows Winners with each award's projects once awards are set, and badges on their cards", async () => {
    const model = await exampleModel(BASE);
    model.event = {
      ...model.event,
      awards: [{ name: "Best <demo>", projects: ["soft-grasp"] as [string], description: null }],
    };
    model.projects = model.projects.map((p) =>
      p.slug === "soft-grasp" ? { ...p, awards: ["Best <demo>"] } : p,
    );
    const home = render(homePage, model).get("index.html")!;
    const winners = home.slice(home.indexOf(`<h2 id="winners">`), home.indexOf(`<h2 id="schedule">`));
    expect(winners).toContain(
      `<section class="award" aria-label="Best &lt;demo&gt;">\n<h3>🏆 Best &lt;demo&gt;</h3>`,
    );
    expect(winners).toContain(`<li class="card" data-slug="soft-grasp">`);
    expect(winners).toContain(
      `<ul class="awards" aria-label="Awards"><li>🏆 <bdi>Best &lt;demo&gt;</bdi></li></ul>`,
    );
    expect(home.indexOf(`id="winners"`)).toBeLessThan(home.indexOf(`id="schedule"`));
  });

  it("asks to register before the event ends and to browse the projects after it", async () => {
    const before = render(homePage, await exampleModel(BASE, "1764928800")).get("index.html")!;
    const after = render(homePage, await exampleModel(BASE, "1796688000")).get("index.html")!; // 2026-12-08
    expect(before).toContain(`<strong>Register your team</strong> until`);
    expect(before).toContain(`<a class="button secondary" href="projects/" data-then>Browse 10 projects</a>`);
    expect(after).not.toContain(`/register"`);
    expect(after).not.toContain(`Register your team`);
    expect(after).toContain(
      `<p class="actions"><a class="button" href="projects/" data-then>Browse 10 projects</a>`,
    );
  });
});

describe("recruiting teams", () => {
  it("show their about and a contact link only when it is https or mailto", async () => {
    const model = await exampleModel(BASE);
    const open = model.teams.find((t) => t.slug === "open-arms")!;
    const variants: Array<[string | null, string | undefined]> = [
      ["https://example.org/join", `<a href="https://example.org/join">contact <bdi>Open Arms</bdi></a>`],
      [
        "mailto:join@example.org",
        `<a href="mailto:join@example.org">contact <bdi>Open Arms</bdi></a> (<bdi>join@example.org</bdi>)`,
      ],
      ["http://example.org/join", undefined],
      [null, undefined],
    ];
    for (const [contact, link] of variants) {
      const team: TeamEntry = { ...open, about: "We <build> arms.", contact };
      const page = render(teamPage, { ...model, teams: [team] }).get("teams/open-arms.html")!;
      expect(page).toContain(`<p class="lede" dir="auto">We &lt;build&gt; arms.</p>`);
      if (link) expect(page, String(contact)).toContain(link);
      else expect(page, String(contact)).toContain(`To join, contact a member below (on GitHub)`);
    }
  });
});

describe("the event's colour", () => {
  it("is its own style sheet, with the colour when the event sets one and no rule when it does not", async () => {
    const model = await exampleModel(BASE);
    expect(render(eventStyles.kind, model).get("assets/event.css")).toBe(
      "/* records/event.yaml's accentColor. */\n:root {\n  --accent: #0b5cad;\n}\n",
    );
    const plain = { ...model, event: { ...model.event, accentColor: null } };
    expect(render(eventStyles.kind, plain).get("assets/event.css")).toBe(
      "/* records/event.yaml sets no accentColor. */\n",
    );
    // A new colour is a new address, so no host's cache keeps the old one.
    expect(eventStyles.href(plain)).not.toBe(eventStyles.href(model));
  });
});
