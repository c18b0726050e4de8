import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, EXAMPLE } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/** The example event built under a path prefix, read back as text: what a visitor's browser receives. */
const BASE = "https://org.github.io/sprint/";
let files: Map<string, string>;
const page = (path: string) => {
  const text = files.get(path);
  if (text === undefined) throw new Error(`${path} was not built`);
  return text;
};
const meta = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];

beforeAll(async () => {
  const out = await buildSite(await exampleRoot(), BASE);
  files = new Map([...(await readTree(out))].map(([path, bytes]) => [path, bytes.toString("utf8")]));
});

describe("every HTML page", () => {
  const pages = () => [...files.keys()].filter((p) => p.endsWith(".html") && p !== "404.html");

  it("exists for every page kind and every team and project of the example event", () => {
    for (const folder of ["teams", "projects"])
      for (const name of readdirSync(join(EXAMPLE, "records", folder)).filter((n) => n.endsWith(".yaml")))
        expect(files.has(`${folder}/${name.replace(/\.yaml$/, ".html")}`), name).toBe(true);
    for (const path of [
      "index.html",
      "teams/index.html",
      "projects/index.html",
      "developers.html",
      "handbook/index.html",
    ])
      expect(files.has(path), path).toBe(true);
  });

  it("has a title, a description, its canonical URL, the API catalog link and Open Graph tags", () => {
    for (const path of pages()) {
      const html = page(path);
      const url = BASE + path.replace(/(^|\/)index\.html$/, "$1");
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(meta(html, "name", "description"), path).toMatch(/\S/);
      expect(html, path).toContain(`<link rel="canonical" href="${url}">`);
      expect(html, path).toContain(`<link rel="api-catalog" href="${BASE}.well-known/api-catalog">`);
      expect(meta(html, "property", "og:url"), path).toBe(url);
      expect(meta(html, "property", "og:title"), path).toMatch(/\S/);
      expect(meta(html, "property", "og:description"), path).toBe(meta(html, "name", "description"));
      expect(meta(html, "property", "og:site_name"), path).toBe("Physical AI Sprint 2026");
      expect(html, path).toContain(`<html lang="en">`);
    }
  });

  it("carries the licence notice that fits its content", () => {
    for (const path of pages()) {
      // A judge's page shows the projects they score; the judging index shows the event's judges.
      // The expo's plan and cards list the projects; live/ does only once awarded (the example is not).
      const submitters = /^(teams|projects|expo)\/|^judging\/(?!index\.html$)/.test(path);
      expect(
        page(path).includes("This page's team and project content belongs to the people who submitted it"),
        path,
      ).toBe(submitters);
      expect(page(path), path).toContain(
        `<a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>`,
      );
    }
  });

  it("is listed in sitemap.xml, which robots.txt points to, but for the judges' own pages", () => {
    const sitemap = page("sitemap.xml");
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      pages()
        .filter((p) => !p.startsWith("judging/"))
        .map((p) => BASE + p.replace(/(^|\/)index\.html$/, "$1"))
        .sort(),
    );
    expect(page("robots.txt")).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${BASE}sitemap.xml\n`);
  });
});

describe("team pages", () => {
  it("put recruiting first, with the skills wanted, and link the roster to GitHub", () => {
    const html = page("teams/open-arms.html");
    expect(html).toContain(
      `<section class="callout" aria-labelledby="recruiting">\n<h2 id="recruiting">Looking for members</h2>`,
    );
    expect(html).toContain(
      `<ul class="tags" aria-label="Skills wanted"><li><bdi>Teleoperation</bdi></li><li><bdi>Dataset curation</bdi></li></ul>`,
    );
    expect(html.indexOf('id="recruiting"')).toBeLessThan(html.indexOf('id="members"'));
    expect(html).toContain(
      `<li><a href="https://github.com/epetrova"><bdi>Elena Petrova</bdi></a> <span class="note">(@epetrova)</span>: LeRobot, Python</li>`,
    );
    expect(html).toContain(`<li><bdi>Kwame Mensah</bdi>: Mechanical design</li>`);
    expect(meta(html, "name", "description")).toBe(
      "Open Arms is looking for members: Teleoperation, Dataset curation.",
    );
  });

  it("say plainly when a team is full, and list its skills and projects", () => {
    const html = page("teams/gripper-gang.html");
    expect(html).not.toContain('class="callout"');
    expect(html).toContain(`<p class="note">This team is complete and not looking for members.</p>`);
    expect(html).toContain(`<li><a href="../projects/soft-grasp.html"><bdi>Soft Grasp</bdi></a></li>`);
    expect(html).toMatch(/<ul class="tags" aria-label="Skills present">(<li><bdi>[^<]+<\/bdi><\/li>)+<\/ul>/);
  });
});

describe("project pages", () => {
  it("show track, robots, team with its page, links, Markdown description and both kinds of image", () => {
    const html = page("projects/soft-grasp.html");
    expect(html).toContain(`<dt>Track</dt><dd>Sim-to-real</dd>`);
    expect(html).toContain(
      `<dt>Robots</dt><dd><ul class="tags" aria-label="Robots"><li><bdi>SO-100 arm</bdi></li></ul></dd>`,
    );
    expect(html).toContain(
      `<dt>Team</dt><dd><a href="../teams/gripper-gang.html" dir="auto">Gripper Gang</a>`,
    );
    expect(html).toContain(`<li><a href="https://github.com/lenafischer"><bdi>Lena Fischer</bdi></a>`);
    expect(html).toContain(
      `<dt>Repository</dt><dd><a href="https://github.com/example/soft-grasp">https://github.com/example/soft-grasp</a></dd>`,
    );
    expect(html).toContain(`<dt>Video or slides</dt><dd><a href="https://example.org/slides/soft-grasp">`);
    expect(html).toContain(
      `then run on the real arm.<br>\nForce limits come from a <em>learned</em> slip detector.</p>`,
    );
    expect(html).toContain(
      `<div class="thumb"><img src="../images/soft-grasp.svg" alt="Image 1 of 2 for Soft Grasp"`,
    );
    expect(html).toContain(
      `<div class="thumb"><img src="../images/soft-grasp-peach.svg" alt="Image 2 of 2 for Soft Grasp"`,
    );
    expect(meta(html, "property", "og:image")).toBe(`${BASE}images/soft-grasp.svg`);
  });

  it("read well with no robots and no team page", () => {
    const html = page("projects/cable-tidy.html");
    expect(html).toContain(`<dt>Robots</dt><dd><p class="note">No robots listed.</p></dd>`);
    expect(html).not.toContain(`${BASE}teams/`.concat("cable"));
    expect(html).toMatch(/<dt>Team<\/dt><dd><ul class="people">/);
  });

  it("render fenced code and strong emphasis from the description", () => {
    expect(page("projects/lane-keeper.html")).toContain(
      `<pre tabindex="0"><code class="language-python">error = centre_x - lane_x\nsteer = kp * error + kd * (error - last_error)\n</code></pre>\n<p>It runs at <strong>30 Hz</strong> on the robot's own computer.</p>`,
    );
  });
});

describe("the home page", () => {
  const html = () => page("index.html");

  it("opens with the event's identity: logo, name, dates, place, counts and what to do next", () => {
    const hero = html().slice(html().indexOf(`<section class="hero"`), html().indexOf(`</section>`));
    expect(hero).toContain(`<img class="logo" src="images/logo.svg" alt="" width="96" height="96">`);
    expect(hero).toContain(`<h1 id="event-name">Physical AI Sprint 2026</h1>`);
    expect(hero).toContain(
      `<strong>5–6 December 2026</strong> <span class="note">(times in Europe/Berlin)</span>`,
    );
    expect(hero).toContain(`Werkhalle 7, Am Kraftwerk 7, 10179 Berlin, Germany`);
    expect(hero).toContain(`<li><a href="teams/"><strong>9</strong> teams</a></li>`);
    // Every sample host has a tier: they are shown by tier, with logos, at the page's end.
    expect(hero).not.toContain("Hosted by");
    expect(html()).toContain(
      `<li><a href="https://example.org/open-robotics-berlin"><img src="images/host-open-robotics-berlin.svg" alt="Open Robotics Berlin" loading="lazy"></a></li>`,
    );
    // Built before the event ends, with no repository: registering comes first, and the page says
    // where the form's link will come from; the event's own sign-up is a separate note.
    expect(hero).toContain(
      `<p class="actions"><a class="button secondary" href="projects/" data-then>Browse 10 projects</a> <a class="button secondary" href="teams/?looking=1" data-until="2026-12-05T12:00:00+01:00">Find a team</a></p>`,
    );
    expect(hero).toContain(`<strong>Register your team</strong> until`);
    expect(hero).toContain(
      `a separate step, on the event's own page: <a href="https://example.org/physical-ai-sprint-2026/register">sign up for Physical AI Sprint 2026</a>.`,
    );
    expect(hero).toContain(`<form class="search" action="projects/" method="get" role="search"`);
    expect(meta(html(), "property", "og:image")).toBe(`${BASE}images/logo.svg`);
  });

  it("shows the schedule with each session's times for the script, and tracks, robots and judging", () => {
    expect(html()).toContain(`<h3>Saturday 5 December 2026</h3>`);
    expect(html()).toContain(
      `<tr data-start="2026-12-05T09:00:00+01:00" data-end="2026-12-05T10:00:00+01:00"><td><time datetime="2026-12-05T09:00:00+01:00">09:00</time>–<time datetime="2026-12-05T10:00:00+01:00">10:00</time></td><td>Doors open, coffee, team formation</td>`,
    );
    expect(html()).toContain(
      `<dt>Sim-to-real</dt><dd>Train or test in simulation and show the same policy on a real robot.`,
    );
    expect(html()).toContain(`<tr><th scope="row">Unitree Go2</th><td>2</td>`);
    expect(html()).toContain(`<tr><th scope="row">Technical depth</th><td>30%</td>`);
    expect(html()).not.toContain(`id="winners"`);
  });

  it("shows recruiting teams and the latest projects as cards, linking to the full lists", () => {
    const recruiting = html().slice(html().indexOf('id="recruiting"'), html().indexOf('id="projects"'));
    expect([...recruiting.matchAll(/data-slug="([a-z0-9-]+)"/g)].map((m) => m[1]).sort()).toEqual([
      "drone-dojo",
      "line-followers",
      "open-arms",
      "quad-squad",
      "sim-to-real",
    ]);
    expect(recruiting).toContain(`<a href="teams/?looking=1">All 5 teams looking for members</a>`);
    expect(recruiting).toContain(
      `<p><a href="mailto:open-arms@example.org">Contact <bdi>Open Arms</bdi></a></p>`,
    );
    const latest = html().slice(html().indexOf('id="projects"'));
    expect([...latest.matchAll(/<li class="card" data-slug="([^"]+)">/g)]).toHaveLength(6);
    expect(latest).toContain(`<a href="projects/">All 10 projects</a>, with search and filters`);
  });
});

describe("list pages", () => {
  it("show every team and every project as a card, with the filter form the script reveals", () => {
    const slugs = (path: string) =>
      [...page(path).matchAll(/<li class="card[^"]*" data-slug="([^"]+)">/g)].map((m) => m[1]);
    const api = (name: string) =>
      JSON.parse(page(`api/${name}.json`)).data.map((e: { slug: string }) => e.slug);
    expect(slugs("teams/index.html")).toEqual(api("teams"));
    expect(slugs("projects/index.html")).toEqual(api("projects"));
    for (const t of JSON.parse(page("api/teams.json")).data)
      expect(page("teams/index.html")).toContain(`href="${t.url.replace(BASE, "../")}"`);
    expect(page("teams/index.html")).toContain(`9 teams, 5 looking for members.`);
    const projects = page("projects/index.html");
    expect(projects).toContain(
      `<form class="filter" id="filter" role="search" aria-label="Find projects" data-list="projects" data-source="../search/projects.json" hidden>`,
    );
    expect(projects).toContain(
      `<option value="">All tracks</option><option value="=sim">Simulation</option>`,
    );
    expect(projects).toContain(`<option value="=Unitree Go2">Unitree Go2</option>`);
    expect(page("teams/index.html")).toContain(`<input type="checkbox" name="looking" value="1">`);
    // Ten projects fit one page: no page links.
    expect(projects).not.toContain(`class="pages"`);
  });
});

describe("the developer page", () => {
  const html = () => page("developers.html");

  it("documents every endpoint with fields taken from the published schemas", () => {
    for (const endpoint of JSON.parse(page("api/index.json")).endpoints)
      expect(html()).toContain(`<a href="${endpoint.url}"><code>${endpoint.path}</code></a>`);
    expect(html()).toContain(
      `<tr><th scope="row"><code>data[].teamSlug</code></th><td data-label="Type">string or null</td>`,
    );
    expect(html()).toContain(
      `<tr><th scope="row"><code>data[].members[].github</code></th><td data-label="Type">string or null</td>`,
    );
    // A field added to the record schema reaches the page's tables with its description.
    expect(html()).toContain(
      `<tr><th scope="row"><code>data[].builtWith</code></th><td data-label="Type">array of strings</td><td data-label="Meaning">What the project is built with: languages, frameworks, hardware and services, as short tags. May be empty.</td></tr>`,
    );
    expect(html()).toContain(
      `<tr><th scope="row"><code>data[].demo</code></th><td data-label="Type">string (URL) or null</td><td data-label="Meaning">Where to try the project: a live demo, an app or a download page, or null.</td></tr>`,
    );
    expect(html()).toContain(
      `<tr><th scope="row"><code>object</code></th><td data-label="Type">constant &quot;list&quot;</td>`,
    );
    expect(html()).toContain(
      `<tr><th scope="row"><code>code</code></th><td data-label="Type">one of &quot;not_found&quot;`,
    );
  });

  it("has a quickstart in curl, JavaScript and Python that reads entries from data, and the client rules", () => {
    expect(html()).toContain(`<pre tabindex="0"><code>curl -s ${BASE}api/projects.json</code></pre>`);
    expect(html()).toContain(
      `const { data: projects } = await (await fetch("${BASE}api/projects.json")).json();`,
    );
    expect(html()).toContain(`projects = json.load(response)["data"]`);
    expect(html()).toContain(`<code>track</code> is <code>"hardware"</code> or <code>"both"</code>`);
    expect(html()).toContain(`<code>robots</code> can be empty`);
    for (const id of ["versioning", "errors", "licensing", "machine"])
      expect(html()).toContain(`<h2 id="${id}">`);
  });
});

describe("the handbook", () => {
  it("renders every chapter with navigation between them and links rewritten to the pages", () => {
    const html = page("handbook/register-a-team.html");
    expect(html).toContain(`<a href="../handbook/event-rules.html" rel="prev">← Event rules</a>`);
    expect(html).toContain(`<a href="../handbook/submit-a-project.html" rel="next">Submit a project →</a>`);
    expect(html).toContain(
      `<a href="../handbook/register-a-team.html" aria-current="page">Register a team</a>`,
    );
    expect(html).toContain(`Next: <a href="../handbook/submit-a-project.html">submit a project</a>.`);
    expect(page("handbook/judging.html")).toContain(`<a href="../#judging">home page</a>`);
    expect(page("handbook/index.html")).toContain(`<li><a href="../handbook/faq.html">FAQ</a></li>`);
  });
});
