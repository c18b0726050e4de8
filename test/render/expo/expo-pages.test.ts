import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { expoPages } from "../../../generator/render/expo/expo-pages.ts";
import { tableCards } from "../../../generator/render/expo/table-cards.ts";
import { bodyText } from "../../../generator/render/shared/document.ts";
import { documents } from "../../../generator/render/registry.ts";
import { exampleModel } from "../../helpers/example-model.ts";
import { withFloor, withoutFloor } from "../../helpers/expo-floor.ts";

const BASE = "https://sprint.example.org/";
let model: Model;
beforeAll(async () => {
  model = await exampleModel(BASE);
});

const pages = (m: Model) =>
  new Map([...expoPages.render(m, { documents, rendered: [] })].map((o) => [o.path, bodyText(o)]));
const plan = (m: Model) => pages(m).get("expo/index.html")!;
const rowSlugs = (page: string) =>
  [...page.matchAll(/<td data-label="Project"><a href="(?:\.\.\/)+projects\/([^"]+)\.html">/g)].map(
    (m) => m[1],
  );

describe("the expo plan (expo/)", () => {
  it("lists every project once by area and table, as derive placed them, then the organiser's places, then none", () => {
    const floor = withFloor(model);
    const page = plan(floor);
    expect(rowSlugs(page)).toEqual(floor.projects.map((p) => p.slug));
    const headings = [...page.matchAll(/<h2 id="([^"]+)">([^<]*(?:<bdi>[^<]*<\/bdi>)?)<\/h2>/g)].map(
      (m) => m[1],
    );
    expect(headings).toEqual(["area-main-hall", "area-workshop", "placed", "no-table"]);
    expect(page).toContain("Workshop &lt;&amp; co&gt;");
    expect(page).toContain('<tr data-table="1" data-track="');
    expect(page).toContain("<td><bdi>Stage, left</bdi></td>");
    expect(page).toMatch(/power · large space · for Hardware/);
    // A project in no track says so with a dash, as a project with no table does.
    const trackless = floor.projects.find((p) => !p.track);
    if (trackless)
      expect(page).toMatch(new RegExp(`${trackless.slug}\\.html">[^\\n]*<td data-label="Track">—</td></tr>`));
    expect(floor.projects.some((p) => !p.track)).toBe(true);
  });

  it("gives each prize and each track its own link, which site.js filters by; hidden without the script", () => {
    const m = withFloor({
      ...model,
      event: {
        ...model.event,
        prizes: [
          { id: "best-sim", name: "Best <sim>", description: "d", value: null, count: 1, track: "sim" },
          { id: "open", name: "Open", description: "d", value: null, count: 1, track: null },
        ],
      },
    });
    const page = plan(m);
    expect(page).toContain(
      '<a href="../expo/?prize=best-sim" data-prize="best-sim" data-track="sim"><bdi>Best &lt;sim&gt;</bdi></a>',
    );
    expect(page).toContain('<a href="../expo/?prize=open" data-prize="open" data-track="">');
    for (const t of model.event.tracks)
      expect(page).toContain(`<a href="../expo/?track=${t.id}" data-track="${t.id}">`);
    expect(page).toMatch(/<nav class="expo-filters" [^>]*data-needs-script hidden>/);
    expect(page).toMatch(/<form class="filter" [^>]*data-expo-find data-needs-script hidden>/);
  });

  it("says the event has no floor yet, and still lists every project", () => {
    const page = plan(withoutFloor(model));
    expect(page).toContain("The floor is not laid out yet");
    expect(rowSlugs(page).sort()).toEqual(model.projects.map((p) => p.slug).sort());
  });

  it("speaks of an archived edition's expo with no floor in the past tense, promising no table", () => {
    const archived = (m: Model): Model => ({ ...m, phase: { archived: true, open: [], live: false } });
    const page = plan(archived(withoutFloor(model)));
    expect(page).toContain(
      `<p class="list-count" data-expo-count role="status">${model.projects.length} projects. This edition's expo had no floor plan.</p>`,
    );
    expect(page).toContain('<h2 id="no-table"><bdi>No table</bdi></h2>');
    expect(rowSlugs(page).sort()).toEqual(model.projects.map((p) => p.slug).sort());
    const main = /<main[\s\S]*<\/main>/.exec(page)![0];
    expect(main).not.toMatch(/ yet|once the organisers|not laid out/);
    const cards = tableCards.render(archived(withoutFloor(model)), { documents, rendered: [] });
    const card = bodyText([...cards][0]!);
    expect(card).toContain('<p class="note">No project had a table.</p>');
    expect(card).not.toContain("yet");
  });

  it("speaks of an archived edition's expo with a floor in the past tense, offering nothing to print", () => {
    const archived = (m: Model): Model => ({ ...m, phase: { archived: true, open: [], live: false } });
    const areas = withFloor(model).event.expo!.areas.length;
    const page = plan(archived(withFloor(model)));
    expect(page).toContain(
      `${model.projects.length} projects had their tables in ${areas} areas of the floor.`,
    );
    expect(page).not.toContain("Print this page");
    expect(rowSlugs(page)).toEqual(withFloor(model).projects.map((p) => p.slug));
    const one = plan(archived(withFloor({ ...model, projects: model.projects.slice(0, 1) })));
    expect(one).toMatch(/>1 project had its table in \d+ areas? of the floor\.</);
  });

  it("counts in plain words: projects in areas of the floor, 1 project, one table card per table", () => {
    const areas = withFloor(model).event.expo!.areas.length;
    const page = plan(withFloor(model));
    expect(page).toContain(`${model.projects.length} projects in ${areas} areas of the floor.`);
    expect(page).toContain("print one per table.");
    expect(page).toContain("<p>Projects competing for a prize:</p>");
    expect(page).toContain("<p>Projects in a track:</p>");
    const one = plan(withoutFloor({ ...model, projects: model.projects.slice(0, 1) }));
    expect(one).toContain(
      "1 project. The floor is not laid out yet: a project's table shows here once the organisers give it one.",
    );
  });

  it("speaks to visitors, not organisers: no task for them and no file of the repository on the page", () => {
    for (const page of [plan(withFloor(model)), plan(withoutFloor(model))]) {
      const main = /<main[\s\S]*<\/main>/.exec(page)![0];
      expect(main).not.toMatch(/judges|send each|give .* this link|records\/event\.yaml|<code>expo<\/code>/i);
    }
  });

  it("offers no printing while the edition has no project: there is nothing to print yet", () => {
    const page = plan(withFloor({ ...model, projects: [] }));
    expect(page).toContain("No project has been submitted yet.");
    expect(page).not.toContain("Print this page");
    expect(page).toContain(
      '<p class="note screen-only">Nothing to print yet: the floor plan and the <a href="../expo/cards/">table cards</a> fill in as projects are submitted.</p>',
    );
  });

  it("escapes record text, and is the same bytes for the same records whenever built", async () => {
    const [first, ...rest] = model.projects;
    const hostile = withFloor({
      ...model,
      projects: [{ ...first!, title: `<script>alert(1)</script>` }, ...rest],
    });
    const page = plan(hostile);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert");
    const later = await exampleModel(BASE, "1800000000");
    expect(plan(withFloor(later))).toBe(plan(withFloor(model)));
  });

  it("goes on over pages when the floor is larger than a page, each project on one of them", () => {
    const many = withFloor(
      {
        ...model,
        projects: Array.from({ length: 450 }, (_, i) => ({
          ...model.projects[i % model.projects.length]!,
          slug: `p-${i}`,
          url: `${BASE}projects/p-${i}.html`,
        })),
      },
      { main: 300 },
    );
    const all = pages(many);
    expect([...all.keys()]).toEqual(["expo/index.html", "expo/page/2.html", "expo/page/3.html"]);
    const second = all.get("expo/page/2.html")!;
    expect(second).toContain('href="../../projects/p-200.html"');
    expect([...all.values()].flatMap(rowSlugs)).toEqual(many.projects.map((p) => p.slug));
    expect(second).toContain('rel="next"');
  });
});
