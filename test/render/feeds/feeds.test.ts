import { parseFeed } from "@rowanmanning/feed-parser";
import { upTo } from "../../../generator/render/shared/relative-url.ts";
import { Feed } from "feed";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { feeds } from "../../../generator/render/feeds/feeds.ts";
import { documents } from "../../../generator/render/registry.ts";
import { renderSite } from "../../../generator/render/render-site.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://sprint.example.org/";
const HOSTILE = `]]><script>alert(1)</script> & "quotes" <b>`;

let model: Model;

/** The example event, one project's title hostile, records dated one hour apart by slug. */
beforeAll(async () => {
  const example = await exampleModel(BASE);
  const hours = (slugs: string[]) =>
    new Map(
      slugs.map((slug, i) => [slug, new Date(Date.UTC(2025, 11, 1, i)).toISOString().replace("Z", "+00:00")]),
    );
  model = {
    ...example,
    projects: example.projects.map((p, i) => (i === 0 ? { ...p, title: HOSTILE } : p)),
    updatedAt: {
      teams: hours(example.teams.map((t) => t.slug)),
      projects: hours(example.projects.map((p) => p.slug)),
    },
  };
});

const feed = (path: string) => {
  const out = renderSite(model, feeds).find((o) => o.path === path);
  return parseFeed(out!.body);
};

describe("the Atom feeds", () => {
  it("hold every project of a small event, newest change first, dated by its record, with its page, title and tagline", () => {
    const parsed = feed("feeds/projects.xml");
    const expected = [...model.projects].reverse();
    expect(parsed.items.map((i) => [i.id, i.url, i.title, i.description, i.updated?.toISOString()])).toEqual(
      expected.map((p) => [
        p.url,
        p.url,
        p.title,
        p.tagline,
        new Date(model.updatedAt.projects.get(p.slug)!).toISOString(),
      ]),
    );
    expect(parsed.title).toBe(`${model.event.name}: projects`);
    expect(parsed.updated?.toISOString()).toBe(
      new Date(model.updatedAt.projects.get(expected[0]!.slug)!).toISOString(),
    );
  });

  it("hold the newest 100 entries of a larger event, and say so; the API lists every one", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...model.projects[0]!,
      slug: `p-${String(i).padStart(3, "0")}`,
      url: `${BASE}projects/p-${String(i).padStart(3, "0")}.html`,
    }));
    const times = new Map(many.map((p, i) => [p.slug, new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString()]));
    const large: Model = { ...model, projects: many, updatedAt: { ...model.updatedAt, projects: times } };
    const parsed = parseFeed(renderSite(large, feeds).find((o) => o.path === "feeds/projects.xml")!.body);
    expect(parsed.items).toHaveLength(100);
    expect(parsed.items[0]!.url).toBe(`${BASE}projects/p-149.html`);
    expect(parsed.items.at(-1)!.url).toBe(`${BASE}projects/p-050.html`);
    expect(parsed.description).toContain("The newest 100 changes; the API lists every one.");
  });

  it("are written again only when their newest entries changed (npm run dev's saves)", () => {
    const atom1 = vi.spyOn(Feed.prototype, "atom1");
    const text = (at: Model) => renderSite(at, feeds).find((o) => o.path === "feeds/projects.xml")!.body;
    const first = text({ ...model, projects: [...model.projects] });
    const calls = atom1.mock.calls.length;
    // A new model with equal records: the same text, and the feed package writes none of it again.
    expect(text({ ...model, projects: model.projects.map((p) => ({ ...p })) })).toBe(first);
    expect(atom1.mock.calls.length).toBe(calls);
    // A tagline changed: written again, and it shows.
    const changed = model.projects.map((p, i) => (i === 1 ? { ...p, tagline: "Changed tagline" } : p));
    expect(text({ ...model, projects: changed })).toContain("Changed tagline");
    expect(atom1.mock.calls.length).toBeGreaterThan(calls);
    atom1.mockRestore();
  });

  it("hold every team, and only the recruiting ones with the skills they want", () => {
    expect(
      feed("feeds/teams.xml")
        .items.map((i) => i.url)
        .sort(),
    ).toEqual(model.teams.map((t) => t.url).sort());
    const recruiting = model.teams.filter((t) => t.lookingForMembers);
    const parsed = feed("feeds/recruiting.xml");
    expect(parsed.items.map((i) => i.url).sort()).toEqual(recruiting.map((t) => t.url).sort());
    for (const team of recruiting) {
      const item = parsed.items.find((i) => i.url === team.url)!;
      expect(item.description).toBe(`${team.name} is looking for ${team.skillsWanted.join(", ")}.`);
      expect(item.categories.map((c) => c.term)).toEqual(team.skillsWanted);
    }
  });

  it("carry hostile record text as text: no markup, and no way out of its CDATA", () => {
    const body = renderSite(model, feeds).find((o) => o.path === "feeds/projects.xml")!.body;
    expect(body).not.toContain("<script>");
    expect(feed("feeds/projects.xml").items.some((i) => i.title === HOSTILE)).toBe(true);
  });

  it("are linked from every page's head and listed in api/index.json, as the registry lists them", () => {
    const site = renderSite(model);
    // Linked relatively, as every page links the site's own files.
    const links = (up: string) =>
      feeds.map(
        (f) =>
          `<link rel="alternate" type="application/atom+xml" title="${f.feed!.title}" href="${up}${f.path}">`,
      );
    const pages = site.filter((o) => o.path.endsWith(".html") && o.path !== "404.html");
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages)
      for (const link of links(upTo(page.path))) expect(page.body, page.path).toContain(link);
    const index = JSON.parse(site.find((o) => o.path === "api/index.json")!.body) as { feeds: unknown };
    expect(index.feeds).toEqual(
      documents
        .filter((d) => d.feed)
        .map((d) => ({ title: d.feed!.title, url: `${BASE}${d.path}`, mediaType: d.mediaType })),
    );
    expect(site.find((o) => o.path === "llms.txt")!.body).toContain(
      `- [Projects feed](${BASE}feeds/projects.xml)`,
    );
  });
});
