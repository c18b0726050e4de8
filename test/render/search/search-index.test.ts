import { bodyText } from "../../../generator/render/shared/document.ts";
import { describe, expect, it } from "vitest";
import { PROJECT_CARD } from "../../../generator/render/shared/cards.ts";
import { galleryOrder } from "../../../generator/render/shared/project-order.ts";
import { projectSearchIndex, teamSearchIndex } from "../../../generator/render/search/search-index.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents: [], rendered: [] };

describe("the search indexes", () => {
  it("hold one compact entry per project: its card as the pages render it, what the filters and search read", async () => {
    const model = await exampleModel(BASE);
    model.projects[0] = {
      ...model.projects[0]!,
      images: ["https://img.example.org/a.png"],
      awards: ["Best"],
    };
    const [output] = [...projectSearchIndex.render(model, context)];
    expect(output!.path).toBe("search/projects.json");
    const body = bodyText(output!);
    expect(body.split("\n")).toHaveLength(2); // one line, then the final newline
    const entries = JSON.parse(body) as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.slug)).toEqual(galleryOrder(model).projects.map((p) => p.slug));
    // Each card is the server's, with links from the site's root.
    const fromRoot = (url: string) => url.replace(BASE, "");
    for (const [i, p] of galleryOrder(model).projects.entries())
      expect(entries[i]!.card).toBe(PROJECT_CARD.card(model, p, fromRoot).value);
    expect(entries[0]!.card).toContain('src="https://img.example.org/a.png"');
    expect(entries[0]!.card).toContain("🏆 <bdi>Best</bdi>");
    const soft = entries.find((e) => e.slug === "soft-grasp")!;
    expect(soft.card).toContain('<a href="projects/soft-grasp.html">');
    expect(soft.card).toContain('src="images/soft-grasp.svg"');
    expect({ ...soft, card: undefined }).toEqual({
      slug: "soft-grasp",
      card: undefined,
      track: "both",
      robots: ["SO-100 arm"],
      builtWith: ["MuJoCo", "PyTorch", "LeRobot"],
      sort: { newest: 4, winners: 4 },
      words:
        "soft-grasp Lena Fischer @lenafischer Tomás Ortega @tortega Yuki Tanaka @yukit Sam Okafor MuJoCo PyTorch LeRobot",
    });
    expect(bodyText(output!)).not.toContain("description");
  });

  it("list projects A–Z, as the gallery's pages do, with each one's place newest first and winners first", async () => {
    const model = await exampleModel(BASE);
    const first = model.projects[0]!;
    model.projects = [
      { ...first, slug: "b-10", title: "Bot 10", awards: ["Grand prize"] },
      { ...first, slug: "b-9", title: "bot 9" },
      { ...first, slug: "a", title: "Zed" },
    ];
    model.event = {
      ...model.event,
      awards: [{ name: "Grand prize", projects: ["b-10"], description: null }],
    };
    model.updatedAt = {
      ...model.updatedAt,
      projects: new Map([
        ["a", "2026-12-06T10:00:00+01:00"],
        ["b-9", "2026-12-05T10:00:00+01:00"],
        ["b-10", "2026-12-04T10:00:00+01:00"],
      ]),
    };
    const entries = JSON.parse(bodyText([...projectSearchIndex.render(model, context)][0]!)) as Array<{
      slug: string;
      sort: Record<string, number>;
    }>;
    expect(entries.map((e) => [e.slug, e.sort])).toEqual([
      ["b-9", { newest: 1, winners: 1 }],
      ["b-10", { newest: 2, winners: 0 }],
      ["a", { newest: 0, winners: 2 }],
    ]);
  });

  it("hold one entry per team: its card (a contact only when it is https or mailto), filter and words", async () => {
    const model = await exampleModel(BASE);
    const open = model.teams.find((t) => t.slug === "open-arms")!;
    model.teams = [open, { ...open, slug: "plain", contact: "http://example.org/insecure" }];
    const entries = JSON.parse(bodyText([...teamSearchIndex.render(model, context)][0]!)) as Array<
      Record<string, unknown>
    >;
    expect({ ...entries[0], card: undefined }).toEqual({
      slug: "open-arms",
      card: undefined,
      lookingForMembers: true,
      words: `open-arms ${open.about} Teleoperation Dataset curation LeRobot Mechanical design Python`,
    });
    expect(entries[0]!.card).toContain(
      '<a href="mailto:open-arms@example.org">Contact <bdi>Open Arms</bdi></a>',
    );
    expect(entries[0]!.card).toContain('<a href="projects/teleop-dataset.html">');
    expect(entries[1]!.card).not.toContain("Contact");
  });
});
