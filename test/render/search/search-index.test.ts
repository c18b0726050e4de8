import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { bodyText, type Output } from "../../../generator/render/shared/document.ts";
import { PROJECT_CARD, TEAM_CARD } from "../../../generator/render/shared/cards.ts";
import { galleryOrder } from "../../../generator/render/shared/project-order.ts";
import {
  CARDS_PER_FILE,
  projectSearchIndex,
  shardJson,
  teamSearchIndex,
  type SearchIndex,
} from "../../../generator/render/search/search-index.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents: [], rendered: [] };

/** The index, its parts by path, and the places a list of deltas stands for. */
function read(outputs: Output[]) {
  // The parts come first, the index (which names them) last.
  const index = outputs.at(-1);
  const parts = outputs.slice(0, -1);
  const files = new Map(parts.map((part) => [part.path, JSON.parse(bodyText(part)) as unknown]));
  return { index: JSON.parse(bodyText(index!)) as SearchIndex, path: index!.path, files };
}
const places = (deltas: number[]) => deltas.map((_, i) => deltas.slice(0, i + 1).reduce((a, b) => a + b));
const part = (
  files: Map<string, unknown>,
  folder: string,
  kind: string,
  key: string | number,
  hash: string,
) => files.get(`${folder}/${kind}-${key}.${hash}.json`);

describe("the search indexes", () => {
  it("hold the gallery's cards as the pages render them, in files of 16 in A–Z order", async () => {
    const model = await exampleModel(BASE);
    model.projects = Array.from({ length: 40 }, (_, i) => ({ ...model.projects[i % 10]!, slug: `p-${i}` }));
    model.projects[0] = {
      ...model.projects[0]!,
      images: ["https://img.example.org/a.png"],
      awards: ["Best"],
    };
    const { index, path, files } = read([...projectSearchIndex.render(model, context)]);
    expect(path).toBe("search/projects.json");
    expect(index.count).toBe(40);
    expect(index.perFile).toBe(CARDS_PER_FILE);
    expect(index.cards).toHaveLength(3);
    const cards = index.cards.flatMap(
      (hash, n) => part(files, "search/projects", "cards", n, hash) as string[],
    );
    // Each card is the server's, with links from the site's root (site.js resolves them).
    const fromRoot = (url: string) => url.replace(BASE, "");
    expect(cards).toEqual(
      galleryOrder(model).projects.map((p) => PROJECT_CARD.card(model, p, fromRoot).value),
    );
    expect(cards.join("")).toContain('src="https://img.example.org/a.png"');
    expect(cards.join("")).toContain('<a href="projects/soft-grasp.html">');
    expect(bodyText([...projectSearchIndex.render(model, context)].at(-1)!)).not.toContain("<li");
  });

  it("find a project by the words of its card and its people, handles, slug and every tag, by first letter", async () => {
    const model = await exampleModel(BASE);
    const { index, files } = read([...projectSearchIndex.render(model, context)]);
    const az = galleryOrder(model).projects.map((p) => p.slug);
    const holding = (word: string) => {
      const shard = part(files, "search/projects", "words", word[0]!, index.words[word[0]!]!) as Record<
        string,
        number[]
      >;
      return places(shard[word]!).map((place) => az[place]);
    };
    // The title, the team's name (on the card), a person's name and handle, a tag past the card's six.
    expect(holding("grasp")).toContain("soft-grasp");
    expect(holding("gang")).toEqual(["soft-grasp"]);
    expect(holding("tomas")).toEqual(["soft-grasp"]);
    expect(holding("lenafischer")).toEqual(["soft-grasp"]);
    expect(holding("mujoco")).toContain("soft-grasp");
    // No shard holds a word of another letter, and none is written empty.
    for (const [letter, hash] of Object.entries(index.words))
      for (const word of Object.keys(part(files, "search/projects", "words", letter, hash) as object))
        expect(word[0] === letter || (letter === "_" && !/[a-z0-9]/.test(word[0]!))).toBe(true);
  });

  it("hold each filter value's places and each sort's order: A–Z, newest first, winners first", async () => {
    const model = await exampleModel(BASE);
    const first = model.projects[0]!;
    model.projects = [
      {
        ...first,
        slug: "b-10",
        title: "Bot 10",
        awards: ["Grand prize"],
        track: "sim",
        robots: ["SO-100 arm"],
      },
      { ...first, slug: "b-9", title: "bot 9", track: null, robots: [], builtWith: ["ROS 2"] },
      {
        ...first,
        slug: "a",
        title: "Zed",
        track: "sim",
        robots: ["SO-100 arm", "TurtleBot 4"],
        builtWith: [],
      },
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
    const { index } = read([...projectSearchIndex.render(model, context)]);
    // A–Z: b-9, b-10, a (places 0, 1, 2).
    const decoded = (values: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(values).map(([value, deltas]) => [value, places(deltas)]));
    expect(decoded(index.filters.track!)).toEqual({ sim: [1, 2] });
    expect(decoded(index.filters.robot!)).toEqual({ "SO-100 arm": [1, 2], "TurtleBot 4": [2] });
    expect(decoded(index.filters.built!)).toEqual({ "ROS 2": [0], ...builtOf(first.builtWith, [1]) });
    expect(decoded(index.sorts)).toEqual({ newest: [2, 0, 1], winners: [1, 0, 2] });
  });

  it("hold the teams' cards, the places of those looking for members, and their words", async () => {
    const model = await exampleModel(BASE);
    const open = model.teams.find((t) => t.slug === "open-arms")!;
    model.teams = [
      open,
      { ...open, slug: "plain", contact: "http://example.org/insecure", lookingForMembers: false },
    ];
    const { index, files } = read([...teamSearchIndex.render(model, context)]);
    const cards = part(files, "search/teams", "cards", 0, index.cards[0]!) as string[];
    expect(cards[0]).toBe(TEAM_CARD.card(model, open, (url) => url.replace(BASE, "")).value);
    expect(cards[0]).toContain('<a href="mailto:open-arms@example.org">Contact <bdi>Open Arms</bdi></a>');
    expect(cards[1]).not.toContain("Contact");
    expect(index.filters).toEqual({ looking: { "1": [0] } });
    expect(index.sorts).toEqual({});
    const t = part(files, "search/teams", "words", "t", index.words.t!) as Record<string, number[]>;
    expect(places(t.teleoperation!)).toEqual([0, 1]);
    // A visitor finds a person's team by their name or GitHub handle.
    const e = part(files, "search/teams", "words", "e", index.words.e!) as Record<string, number[]>;
    expect(places(e.elena!)).toEqual([0, 1]);
    expect(places(e.epetrova!)).toEqual([0, 1]);
  });

  it("are the same bytes for the same records, and one changed tagline rewrites only the parts that hold it", async () => {
    const model = await exampleModel(BASE);
    model.projects = Array.from({ length: 100 }, (_, i) => ({
      ...model.projects[i % 10]!,
      slug: `p-${i}`,
      title: `P ${i}`,
    }));
    const before = bytes(model);
    expect(bytes(model)).toEqual(before);
    // A new model, as every build derives one (the gallery's order is kept per model).
    const projects = [...model.projects];
    projects[57] = { ...projects[57]!, tagline: `${projects[57]!.tagline} Quokka.` };
    const after = bytes({ ...model, projects });
    const changed = [...after.keys()].filter((path) => after.get(path) !== before.get(path));
    // The index (it names the parts), the file of 16 cards P 57 is in, and the shard of "quokka".
    expect(changed).toEqual([
      expect.stringMatching(/^search\/projects\/cards-3\.[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^search\/projects\/words-q\.[0-9a-f]{12}\.json$/),
      "search/projects.json",
    ]);
    // Their former names are gone: a build's writer removes them.
    const gone = [...before.keys()].filter((path) => !after.has(path));
    expect(gone.map((path) => path.replace(/\.[0-9a-f]{12}\./, "."))).toEqual([
      "search/projects/cards-3.json",
      "search/projects/words-q.json",
    ]);
  });

  it("make each part from the hash its name carries, so a writer keeps an earlier build's file of that name unread", async () => {
    const model = await exampleModel(BASE);
    const parts = [...projectSearchIndex.render(model, context)].slice(0, -1);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      // The view is the hash in the path, and the bytes rendered are those the hash was taken of.
      const hash = /\.([0-9a-f]{12})\.json$/.exec(part.path)![1]!;
      expect("view" in part && part.view).toEqual({ hash });
      expect(createHash("sha256").update(bodyText(part)).digest("hex").slice(0, 12)).toBe(hash);
    }
  });
});

/** A built-with value of the first project (every test project but b-9 and a keeps them). */
function builtOf(tags: readonly string[], at: number[]) {
  return Object.fromEntries(tags.filter((t) => t !== "ROS 2").map((t) => [t, at]));
}

function bytes(model: Model): Map<string, string> {
  return new Map([...projectSearchIndex.render(model, context)].map((o) => [o.path, bodyText(o)]));
}

describe("a shard of words as text", () => {
  it("is what JSON.stringify writes of the words as an object's keys, array indices first", () => {
    const list: Array<[string, number[]]> = [
      ["01", [2]],
      ["1", [0, 3, 4]],
      ["10", [1]],
      ["100", [5, 9]],
      ["2", [7]],
      ["4294967294", [1]],
      ["4294967295", [2]],
      ["9", [0]],
      ['a"b', [3, 8]],
      ["é", [6]],
    ];
    const deltas = (at: number[]) => at.map((place, i) => place - (i ? at[i - 1]! : 0));
    const object = Object.fromEntries(list.map(([word, at]) => [word, deltas(at)]));
    expect(shardJson(list)).toBe(`${JSON.stringify(object)}\n`);
    expect(shardJson(list.filter(([word]) => !/^\d/.test(word)))).toBe(
      `${JSON.stringify(Object.fromEntries(list.filter(([word]) => !/^\d/.test(word)).map(([w, at]) => [w, deltas(at)])))}\n`,
    );
    expect(shardJson([])).toBe("{}\n");
  });
});
