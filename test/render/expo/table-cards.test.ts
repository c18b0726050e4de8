import encodeQR from "qr";
import { beforeAll, describe, expect, it } from "vitest";
import { RenderedParts } from "../../../generator/cache/rendered-parts.ts";
import type { Model } from "../../../generator/derive/model.ts";
import { CARDS_PER_PAGE, tableCards } from "../../../generator/render/expo/table-cards.ts";
import { bodyText } from "../../../generator/render/shared/document.ts";
import { documents } from "../../../generator/render/registry.ts";
import { exampleModel } from "../../helpers/example-model.ts";
import { tempDir } from "../../helpers/fixture-root.ts";
import { withFloor, withoutFloor } from "../../helpers/expo-floor.ts";

const BASE = "https://sprint.example.org/";
let model: Model;
beforeAll(async () => {
  model = await exampleModel(BASE);
});

const pages = (m: Model, parts?: RenderedParts) =>
  new Map(
    [...tableCards.render(m, { documents, rendered: [], ...(parts ? { parts } : {}) })].map((o) => [
      o.path,
      bodyText(o),
    ]),
  );
const cardsOf = (page: string) => page.split('<article class="table-card"').slice(1);

/** A card's QR code's dark modules, read back from its SVG path. */
function modules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let [x, y] = [0, 0];
  for (const [, move, a, b, w] of svg.matchAll(/([Mm])(\d+) (\d+)(?:\.5)?h(\d+)/g)) {
    if (move === "M") [x, y] = [Number(a), Number(b)];
    else x += Number(a);
    for (let i = 0; i < Number(w); i++) grid[y]![x + i] = true;
    x += Number(w);
  }
  return grid;
}

/** 60 projects on a floor of 30 + 30 tables, their addresses of mixed lengths (two symbol sizes). */
const manyOf = (m: Model) =>
  withFloor(
    {
      ...m,
      projects: Array.from({ length: 60 }, (_, i) => ({
        ...m.projects[i % m.projects.length]!,
        slug: `p-${i}`,
        url: `${BASE}projects/${i % 3 ? "p" : "a-much-longer-project-address"}-${i}.html`,
      })),
    },
    { main: 30, unplaced: 0 },
  );

describe("the table cards (expo/cards/)", () => {
  let many: Model;
  let withTables: Model["projects"];
  beforeAll(() => {
    many = manyOf(model);
    withTables = many.projects.filter((p) => p.table);
  });

  it("make one card per table, in floor order: its table, area, title, team and a code to the project's page", () => {
    const floor = withFloor(model);
    const page = pages(floor).get("expo/cards/index.html")!;
    const tabled = floor.projects.filter((p) => p.table);
    const cards = cardsOf(page);
    expect(cards).toHaveLength(tabled.length);
    cards.forEach((card, i) => {
      const p = tabled[i]!;
      expect(card).toContain(
        `<h2 id="card-${p.slug}" class="table-card-table"><bdi>${p.table!.label}</bdi></h2>`,
      );
      expect(card).toContain(`<a href="../../projects/${p.slug}.html">`);
      expect(card).toContain(`<p class="table-card-url">${p.url}</p>`);
      expect(modules(card)).toEqual(encodeQR(p.url, "raw", { ecc: "medium", border: 4 }));
    });
    expect(cards[0]).toContain('<p class="table-card-area"><bdi>Main hall</bdi></p>');
    expect(page).not.toContain(floor.projects.at(-1)!.url);
  });

  it("say no project has a table yet when none has, and escape record text", () => {
    expect(pages(withoutFloor(model)).get("expo/cards/index.html")).toContain("No project has a table yet.");
    const [first, ...rest] = model.projects;
    const hostile = withFloor({
      ...model,
      projects: [{ ...first!, title: `"><svg onload=alert(1)>` }, ...rest],
    });
    const card = cardsOf(pages(hostile).get("expo/cards/index.html")!)[0]!;
    expect(card).toContain("&quot;&gt;&lt;svg onload=alert(1)&gt;");
    expect(card).not.toContain("<svg onload");
    expect(card).toContain('aria-label="QR code: the page of &quot;&gt;&lt;svg onload=alert(1)&gt;"');
  });

  it("go on over pages of cards, every table on one, the same bytes every build", async () => {
    const all = pages(many);
    expect([...all.keys()]).toEqual([
      "expo/cards/index.html",
      "expo/cards/page/2.html",
      "expo/cards/page/3.html",
    ]);
    expect([...all.values()].map((page) => cardsOf(page).length)).toEqual([
      CARDS_PER_PAGE,
      CARDS_PER_PAGE,
      12,
    ]);
    expect(pages(many)).toEqual(all);
    // Drawn shortest address first, each card still holds its own project's code.
    const urls = withTables.map((p) => p.url);
    const codes = [...all.values()].flatMap(cardsOf).map(modules);
    expect(codes).toEqual(urls.map((url) => encodeQR(url, "raw", { ecc: "medium", border: 4 })));
    expect(new Set(codes.map((c) => c.length)).size).toBeGreaterThan(1); // symbols of two sizes
  });

  it("take each code an earlier build kept (Publish draws none again): the same bytes", async () => {
    const dir = await tempDir();
    const first = new RenderedParts(dir, "code");
    first.begin();
    expect(pages(many, first)).toEqual(pages(many));
    first.save();
    const later = new RenderedParts(dir, "code");
    later.begin();
    expect(pages(many, later)).toEqual(pages(many));
    expect(later.hits).toBe(withTables.length);
  });
});

describe("table cards built for npm start", () => {
  it("warn that their codes open this computer only, and cards for the published site do not", async () => {
    const local = await exampleModel("http://localhost:4173/");
    const warned = pages(withFloor(local)).get("expo/cards/index.html")!;
    expect(warned).toContain(
      '<p class="notice screen-only">These codes open http://localhost:4173/, an address on this computer only',
    );
    expect(pages(withFloor(model)).get("expo/cards/index.html")!).not.toContain("on this computer only");
  });
});
