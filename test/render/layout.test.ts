import { describe, expect, it } from "vitest";
import type { Model } from "../../generator/derive/model.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { html } from "../../generator/render/shared/html.ts";
import { documents } from "../../generator/render/registry.ts";
import { frameView, layout, type Page } from "../../generator/render/shared/layout.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

async function modelAt(baseUrl: string, epoch: string): Promise<Model> {
  const derived = await deriveSite({ root: await fixtureRoot(), baseUrl, env: { SOURCE_DATE_EPOCH: epoch } });
  if (!derived.ok) throw new Error("the fixture event should be valid");
  return derived.model;
}

const page = (path: string, extra: Partial<Page> = {}): Page => ({
  path,
  title: "A <b>title</b>",
  description: "Says & means",
  body: html`<p>body</p>`,
  licence: "submitters",
  ...extra,
});

/** The links of the site navigation that say they are the current page. */
const currentInNav = (text: string) =>
  [
    ...text
      .slice(text.indexOf('<nav class="site-nav"'), text.indexOf("</nav>"))
      .matchAll(/<a href="([^"]+)" aria-current="page">/g),
  ].map((match) => match[1]);

/** The registry, as the pages get it: the head links the feeds and the API catalog from it. */
const SITE = { documents, rendered: [] };

describe("layout", () => {
  it("frames each page with its own title, description, address and image, escaped", async () => {
    const model = await modelAt("https://org.github.io/sprint/", "1764928800");
    const first = layout(
      frameView(model, SITE),
      page("teams/a.html", { image: "https://img.example/a.png" }),
    ).value;
    const second = layout(frameView(model, SITE), page("teams/b.html", { title: "Other" })).value;
    expect(first).toContain(`<title>A &lt;b&gt;title&lt;/b&gt; · ${model.event.name}</title>`);
    expect(first).toContain('<meta name="description" content="Says &amp; means">');
    expect(first).toContain('<link rel="canonical" href="https://org.github.io/sprint/teams/a.html">');
    expect(first).toContain('<meta property="og:image" content="https://img.example/a.png">');
    expect(second).toContain(`<title>Other · ${model.event.name}</title>`);
    expect(second).toContain('<meta property="og:url" content="https://org.github.io/sprint/teams/b.html">');
    expect(second).not.toContain("og:image");
  });

  it("marks the current section in the navigation, the brand on the home page, and nothing elsewhere", async () => {
    const model = await modelAt("https://example.org/", "1764928800");
    // Relative links, from each page's own folder.
    expect(currentInNav(layout(frameView(model, SITE), page("teams/a.html")).value)).toEqual(["../teams/"]);
    expect(currentInNav(layout(frameView(model, SITE), page("projects/")).value)).toEqual(["../projects/"]);
    expect(currentInNav(layout(frameView(model, SITE), page("handbook/rules.html")).value)).toEqual([
      "../handbook/",
    ]);
    expect(currentInNav(layout(frameView(model, SITE), page("developers.html")).value)).toEqual([
      "developers.html",
    ]);
    expect(currentInNav(layout(frameView(model, SITE), page("teams/b.html")).value)).toEqual(["../teams/"]);
    const home = layout(frameView(model, SITE), page("")).value;
    expect(currentInNav(home)).toEqual([]);
    expect(home).toContain(`<a class="brand" href="./" aria-current="page">`);
    expect(home).toContain(`<title>${model.event.name}</title>`);
    const other = layout(frameView(model, SITE), page("404.html")).value;
    expect(currentInNav(other)).toEqual([]);
    expect(other).toContain(`<a class="brand" href="./">`);
  });

  it("gives each licence its notice, and links the script and the event's style sheet from every page", async () => {
    const model = await modelAt("https://example.org/", "1764928800");
    const event = layout(frameView(model, SITE), page("", { licence: "event" })).value;
    const submitters = layout(frameView(model, SITE), page("teams/a.html")).value;
    expect(event).toContain("Event and handbook content:");
    expect(event).toMatch(/<script src="assets\/site\.js\?v=[0-9a-f]+" defer><\/script>/);
    expect(event).toMatch(/<link rel="stylesheet" href="assets\/event\.css\?v=[0-9a-f]+">/);
    expect(submitters).toContain(
      "This page's team and project content belongs to the people who submitted it.",
    );
    expect(submitters).toMatch(/<script src="\.\.\/assets\/site\.js\?v=[0-9a-f]+" defer><\/script>/);
  });

  it("takes the base URL of each model, even when several are rendered in turn, and carries no build date", async () => {
    const one = await modelAt("https://one.example/", "1764928800");
    const two = await modelAt("https://two.example/x/", "1700000000");
    const a = layout(frameView(one, SITE), page("teams/a.html")).value;
    const b = layout(frameView(two, SITE), page("teams/a.html")).value;
    const again = layout(frameView(one, SITE), page("teams/a.html")).value;
    // A page shows the dates of its content, never when it was built: an unchanged page keeps its bytes.
    expect(a).not.toContain("2025-12-05");
    expect(b).not.toContain("2023-11-14");
    expect(a).toBe(
      layout(frameView(two, SITE), page("teams/a.html")).value.replaceAll("two.example/x/", "one.example/"),
    );
    expect(a).not.toContain("two.example");
    expect(b).not.toContain("one.example");
    expect(b).toContain('<a href="../teams/" aria-current="page">Teams</a>');
    expect(b).toContain('<link rel="canonical" href="https://two.example/x/teams/a.html">');
    expect(again).toBe(a);
  });
});
