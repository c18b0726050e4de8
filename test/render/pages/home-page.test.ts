import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../helpers/build-site.ts";
import { FIXTURES, fixtureRoot } from "../../helpers/fixture-root.ts";

const BASE = "https://example.org/sprint/";

/** The valid fixture event with `yaml` appended to its event.yaml, built; its home page's text. */
async function home(yaml = "", prepare?: (root: string) => Promise<void>): Promise<string> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), yaml);
  await prepare?.(root);
  return readFile(join(await buildSite(root, BASE), "index.html"), "utf8");
}

/** The page from its `<h2 id="…">` to the next h2 (or the end of main). */
const section = (page: string, id: string) => {
  const start = page.indexOf(`<h2 id="${id}">`);
  if (start < 0) return undefined;
  const end = page.slice(start + 1).search(/<h2 |<\/main>/);
  return page.slice(start, start + 1 + end);
};

const PRIZES = `prizes:
  - id: best-overall
    name: Best overall
    value: "€2,000 & a <trophy>"
    description: The best project, in any track.
  - id: best-hardware
    name: Best hardware
    value: A robot kit
    count: 2
    description: Works best on a real robot.
    track: hardware
  - id: mention
    name: Special mention
    description: Whatever the judges liked.
`;

describe("the home page's prizes and winners", () => {
  it("lists each prize before judging: name, value, how many, what wins it and its track", async () => {
    const page = await home(PRIZES);
    const prizes = section(page, "prizes")!;
    expect(prizes).toContain(`<h2 id="prizes">Prizes</h2>`);
    expect(prizes).toContain(
      `<li class="card prize"><h3><bdi>Best overall</bdi></h3>\n<p class="prize-value"><strong><bdi>€2,000 &amp; a &lt;trophy&gt;</bdi></strong></p>\n<p><bdi>The best project, in any track.</bdi></p>\n<p class="note">Open to every track</p>\n</li>`,
    );
    expect(prizes).toContain(
      `<p class="prize-value"><strong><bdi>A robot kit</bdi></strong> <span class="count" title="2 prizes">×2</span></p>`,
    );
    expect(prizes).toContain(`<p class="note">Hardware track</p>`);
    // A prize with no value states none.
    expect(prizes).toMatch(/<h3><bdi>Special mention<\/bdi><\/h3>\n<p><bdi>Whatever/);
    expect(page).not.toContain(`id="winners"`);
  });

  it("shows the winners once awards are set: each award, the prize it gives and the winning projects, and no prize list", async () => {
    const page = await home(`${PRIZES}awards:
  - name: Best hardware
    prize: best-hardware
    projects: [alpha-bot]
  - name: Grand prize
    prize: best-overall
    projects: [beta-sim]
  - name: Special mention
    prize: mention
    projects: [beta-sim]
  - name: Jury's mention
    projects: [beta-sim]
    description: For the cleanest simulator.
`);
    expect(section(page, "prizes")).toBeUndefined();
    const winners = section(page, "winners")!;
    expect(winners).toContain(
      `<h3>🏆 Best hardware</h3>\n<p class="prize-line">Prize: <bdi>A robot kit</bdi></p>\n<ul class="cards">`,
    );
    // An award called otherwise names its prize; one that is its prize, with no value, needs no line.
    expect(winners).toContain(
      `<h3>🏆 Grand prize</h3>\n<p class="prize-line">Prize: <strong><bdi>Best overall</bdi></strong> · <bdi>€2,000 &amp; a &lt;trophy&gt;</bdi></p>\n<ul class="cards">`,
    );
    expect(winners).toContain(`<h3>🏆 Special mention</h3>\n<ul class="cards">`);
    expect(winners).toContain(`<a href="projects/alpha-bot.html">`);
    expect(winners).toContain(
      `<h3>🏆 Jury&#39;s mention</h3>\n<p>For the cleanest simulator.</p>\n<ul class="cards">`,
    );
  });
});

describe("the home page's judges", () => {
  it("shows each judge with a photo whose text is the name, the affiliation and a link when given", async () => {
    const page = await home(`judges:
  - name: Ada Byron
    affiliation: Engines Lab
    url: https://example.org/ada?x=1&y=2
    photo: images/alpha.svg
  - name: Alan T
    affiliation: Bletchley <Park>
    photo: https://cdn.example.org/alan.jpg
  - name: Grace H
    affiliation: Navy
`);
    const judges = section(page, "judges")!;
    expect(judges).toContain(`<h2 id="judges">Judges</h2>\n<ul class="judges">`);
    expect(judges).toContain(
      `<li class="judge"><img src="images/alpha.svg" alt="Ada Byron" width="96" height="96" loading="lazy">\n<p class="judge-name"><a href="https://example.org/ada?x=1&amp;y=2"><bdi>Ada Byron</bdi></a></p>\n<p class="note"><bdi>Engines Lab</bdi></p>\n</li>`,
    );
    expect(judges).toContain(`<img src="https://cdn.example.org/alan.jpg" alt="Alan T"`);
    expect(judges).toContain(
      `<p class="judge-name"><bdi>Alan T</bdi></p>\n<p class="note"><bdi>Bletchley &lt;Park&gt;</bdi></p>`,
    );
    // No photo: a plain shape in its place, and no image.
    expect(judges).toContain(`<li class="judge no-photo"><p class="judge-name"><bdi>Grace H</bdi></p>`);
  });
});

describe("the home page's hosts and sponsors", () => {
  const HOSTS = `  - name: Gold Co
    url: https://example.org/gold
    tier: gold
    logo: images/alpha.svg
  - name: Partner Co
    tier: partner
  - name: Far Co
    logo: https://cdn.example.org/far.png
  - name: Silver <Co>
    tier: silver
    logo: images/alpha.svg
`;
  const withHosts = (hosts: string) => async (root: string) => {
    const file = join(root, "records/event.yaml");
    const text = await readFile(file, "utf8");
    await writeFile(
      file,
      text.replace("hosts:\n  - name: Fixture Host\n", `hosts:\n  - name: Fixture Host\n${hosts}`),
    );
  };

  it("groups hosts by tier in the tiers' order, logos with the name as their text, and names the rest in one line", async () => {
    const page = await home("", withHosts(HOSTS));
    const sponsors = section(page, "sponsors")!;
    expect([...sponsors.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual([
      "Hosted by",
      "Gold sponsors",
      "Silver sponsors",
      "Partners",
    ]);
    // A logo without a tier is the host's own.
    expect(sponsors).toContain(
      `<h3>Hosted by</h3>\n<ul class="sponsors tier-host"><li><img src="https://cdn.example.org/far.png" alt="Far Co" loading="lazy"></li></ul>`,
    );
    expect(sponsors).toContain(
      `<li><a href="https://example.org/gold"><img src="images/alpha.svg" alt="Gold Co" loading="lazy"></a></li>`,
    );
    expect(sponsors).toContain(`alt="Silver &lt;Co&gt;"`);
    expect(sponsors).toContain(`<ul class="sponsors tier-partner"><li><bdi>Partner Co</bdi></li></ul>`);
    // The host with neither tier nor logo keeps its plain line under the event's details.
    expect(page).toContain(`<p class="note">Hosted by Fixture Host.</p>`);
  });

  it("keeps the one plain line, and no section, while no host has a tier or a logo", async () => {
    const page = await home("", withHosts(`  - name: Other Host\n    url: https://example.org/other\n`));
    expect(section(page, "sponsors")).toBeUndefined();
    expect(page).toContain(
      `<p class="note">Hosted by Fixture Host, <a href="https://example.org/other">Other Host</a>.</p>`,
    );
  });

  it("drops the plain line when every host has a tier or a logo", async () => {
    const page = await home("", async (root) => {
      const file = join(root, "records/event.yaml");
      const text = await readFile(file, "utf8");
      await writeFile(
        file,
        text.replace("  - name: Fixture Host\n", "  - name: Fixture Host\n    tier: host\n"),
      );
    });
    expect(page).not.toContain("Hosted by Fixture Host.");
    expect(section(page, "sponsors")).toContain(
      `<ul class="sponsors tier-host"><li><bdi>Fixture Host</bdi></li></ul>`,
    );
  });
});

describe("the home page's counts", () => {
  it("count teams, people (a GitHub account once), projects and teams still recruiting, each linking to its list", async () => {
    const page = await home("", async (root) => {
      await writeFile(
        join(root, "records/teams/gamma-team.yaml"),
        "name: Gamma Team\nlookingForMembers: false\nmembers:\n  - name: Ada again\n    github: ADA-A\n  - name: Bo\n",
      );
    });
    expect(page).toContain(`<ul class="counts" aria-label="The event so far">
<li><a href="teams/"><strong>3</strong> teams</a></li>
<li><a href="teams/"><strong>4</strong> people</a></li>
<li><a href="projects/"><strong>2</strong> projects</a></li>
<li data-open-until="2026-12-04T23:00:00.000Z"><a href="teams/?looking=1"><strong>1</strong> team recruiting</a></li>
</ul>`);
    expect(page).toContain(`href="projects/" data-then>Browse 2 projects</a>`);
    const one = await home("", (root) => rm(join(root, "records/projects/beta-sim.yaml")));
    expect(one).toContain(`href="projects/" data-then>Browse 1 project</a>`);
  });
});

describe("the home page's teams looking for members", () => {
  it("are shown and counted while teams register, and neither once registration has closed", async () => {
    const root = await fixtureRoot();
    const page = (epoch: string) =>
      buildSite(root, BASE, undefined, epoch).then((out) => readFile(join(out, "index.html"), "utf8"));
    // Alpha Team is looking; the fixture registers until its first day starts (5 December, Berlin).
    const open = await page("0");
    expect(section(open, "recruiting")).toContain("<bdi>Alpha Team</bdi>");
    // Until registration closes in the reader's clock, too (site.js hides it then: way-in.test.ts).
    expect(open).toContain(
      '<section data-open-until="2026-12-04T23:00:00.000Z" aria-labelledby="recruiting">\n<h2 id="recruiting">',
    );
    expect(open).toContain('<a href="teams/?looking=1"><strong>1</strong> team recruiting</a>');
    // Records last changed at noon on the first day: registration is over, submitting is not.
    const closed = await page("1796472000");
    expect(closed).toContain("Submit your project");
    expect(closed).not.toContain('id="recruiting"');
    // The page's body only: the head still names the recruiting feed, which keeps its history.
    const main = /<main[\s\S]*<\/main>/.exec(closed)![0];
    expect(main).not.toMatch(/looking for members|team recruiting|\?looking=1/);
  });
});

describe("an event with no prizes, judges, sponsors, teams or projects", () => {
  it("shows none of their headings or counts, and the plain hosted-by line", async () => {
    const page = await home("", async (root) => {
      await rm(join(root, "records/teams"), { recursive: true });
      await rm(join(root, "records/projects"), { recursive: true });
    });
    for (const id of ["prizes", "winners", "judges", "sponsors"]) expect(page).not.toContain(`id="${id}"`);
    expect(page).not.toContain(`class="counts"`);
    expect(page).toContain(`<p class="note">Hosted by Fixture Host.</p>`);
    // Nothing to browse or join yet: no button leads to an empty list (review of issue 57).
    expect(page).not.toMatch(/data-then|Browse|Find a team/);
    // No heading stands over nothing.
    expect(page).not.toMatch(
      /<h2[^>]*>[^<]*<\/h2>\s*(<h2|<\/main>)|<h3[^>]*>[^<]*<\/h3>\s*(<h[23]|<\/main>)/,
    );
  });
});

describe("the home page of hostile records (test/fixtures/hostile-pages)", () => {
  it("carries prizes, judges and sponsors as text, their images only from the site or over https", async () => {
    const out = await buildSite(join(FIXTURES, "hostile-pages"), BASE);
    const page = await readFile(join(out, "index.html"), "utf8");
    expect(page).toContain(`<h3><bdi>&lt;script&gt;alert(&#39;prize&#39;)&lt;/script&gt;</bdi></h3>`);
    expect(page).toContain(
      `<strong><bdi>&quot;&gt;&lt;img src=x onerror=alert(&#39;value&#39;)&gt;</bdi></strong> <span class="count" title="3 prizes">×3</span>`,
    );
    expect(page).toContain(`<img src="images/alpha.svg" alt="&quot; onerror=&quot;alert(&#39;judge&#39;)"`);
    expect(page).toContain(`<a href="https://example.org/judge?%27onmouseover=%27alert(1)">`);
    expect(page).toContain(
      `<bdi>&lt;a href=javascript:alert(&#39;affiliation&#39;)&gt;x&lt;/a&gt; مرحبا</bdi>`,
    );
    expect(page).toContain(`<img src="https://example.org/judge.png?%22onerror=%22alert(%27photo%27)"`);
    expect(page).toContain(
      `<a href="https://example.org/sponsor?%27onmouseover=%27alert(1)"><img src="images/alpha.svg" alt="&quot; onerror=&quot;alert(&#39;sponsor&#39;)" loading="lazy"></a>`,
    );
    expect(page).toContain(
      `<img src="https://example.org/logo.svg?%22onerror=%22alert(%27logo%27)" alt="&lt;img src=x onerror=alert(&#39;partner&#39;)&gt;" loading="lazy">`,
    );
  });
});
