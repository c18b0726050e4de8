import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * The valid fixture (alpha-bot in track hardware, beta-sim in none) with a floor whose area name is
 * markup, a judge, and beta-sim needing power: one build, read by every test below.
 */
const EVENT = `judges:
  - name: Ada
    affiliation: Lab
expo:
  areas:
    - name: "Hall <b>&</b>"
      tables: 2
    - name: Workshop
      tables: 1
      power: true
`;

let out = "";
const read = (path: string) => readFile(join(out, path), "utf8");

beforeAll(async () => {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), EVENT);
  await appendFile(join(root, "records/projects/beta-sim.yaml"), "needs: [power]\n");
  out = await buildSite(root, "https://hackathon.example/");
});

describe("a project's table, everywhere it is needed", () => {
  it("is on the project's page with its area, and the demo's needs, as text", async () => {
    expect(await read("projects/alpha-bot.html")).toContain(
      '<dt>Expo table</dt><dd dir="auto">Table 1 · Hall &lt;b&gt;&amp;&lt;/b&gt;</dd>\n<dt>Team</dt>',
    );
    expect(await read("projects/beta-sim.html")).toContain(
      '<dt>Expo table</dt><dd dir="auto">Table 3 · Workshop</dd>\n<dt>Demo needs</dt><dd>power</dd>\n',
    );
  });

  it("is on the project's card in the list", async () => {
    const list = await read("projects/index.html");
    const card = list.slice(list.indexOf('data-slug="beta-sim"'));
    expect(card.slice(0, card.indexOf("</li>"))).toContain(" · <bdi>Table 3 · Workshop</bdi></p>");
  });

  it("is on the judges' pages, under the project's title", async () => {
    const page = await read("judging/ada.html");
    const alpha = page.slice(page.indexOf('data-project="alpha-bot"'));
    expect(alpha.slice(0, alpha.indexOf("</li>"))).toContain(
      '<p class="place">At <strong><bdi>Table 1 · Hall &lt;b&gt;&amp;&lt;/b&gt;</bdi></strong></p>',
    );
  });

  it("is in /api/projects.json and the project's own document, and the floor in /api/event.json", async () => {
    const table = {
      label: "Table 3",
      number: 3,
      area: { slug: "workshop", name: "Workshop", power: true, large: false, track: null },
    };
    const list = JSON.parse(await read("api/projects.json")) as {
      data: Array<{ slug: string; table: unknown }>;
    };
    expect(list.data.find((p) => p.slug === "beta-sim")).toMatchObject({ needs: ["power"], table });
    expect(JSON.parse(await read("api/projects/beta-sim.json"))).toMatchObject({ needs: ["power"], table });
    const event = JSON.parse(await read("api/event.json")) as { expo: unknown };
    expect(event.expo).toEqual({
      areas: [
        { slug: "hall-b-b", name: "Hall <b>&</b>", tables: 2, power: false, large: false, track: null },
        { slug: "workshop", name: "Workshop", tables: 1, power: true, large: false, track: null },
      ],
    });
  });
});
