import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WordPlaces, type Part } from "../../../generator/render/search/word-places.ts";

/** A shard's text as the search index writes it: its words and their places. */
const write = (list: Array<[string, number[]]>): Part => {
  const body = JSON.stringify(list);
  return { hash: body, body };
};

/** The words of each place, made whole. */
function whole(words: readonly string[][]): WordPlaces {
  const places = new WordPlaces();
  words.forEach((list, place) => list.forEach((word) => places.append(word, place)));
  places.group();
  return places;
}

const shards = (places: WordPlaces, keep = false) => [...places.parts(write, keep)];

// Few letters, so places share words and shards, and a word can leave its shard empty.
const word = fc.stringMatching(/^[ab0é][ab]{0,2}$/);
const distinct = fc.uniqueArray(word, { maxLength: 5 });

describe("a list's word places, kept from one build to the next", () => {
  it("moved at the places that changed, write what a list made whole writes", () => {
    fc.assert(
      fc.property(
        fc.array(distinct, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), distinct), { maxLength: 6 }),
        (before, changes) => {
          const kept = whole(before);
          // Made and kept, as a build under npm run dev keeps them.
          shards(kept, true);
          const after = before.map((list) => [...list]);
          for (const [at, list] of changes) {
            const place = at % after.length;
            const [was, is] = [new Set(after[place]), new Set(list)];
            for (const w of after[place]!) if (!is.has(w)) kept.remove(w, place);
            for (const w of list) if (!was.has(w)) kept.insert(w, place);
            after[place] = list;
          }
          expect(shards(kept)).toEqual(shards(whole(after)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the text of a shard nothing moved in, and makes again only those something did", () => {
    const places = whole([["apple", "bolt"], ["arm"], ["bolt"]]);
    const first = new Map(shards(places, true));
    places.remove("arm", 1);
    places.insert("axle", 1);
    const second = new Map(shards(places, true));
    expect(second.get("b")).toBe(first.get("b"));
    expect(second.get("a")).not.toBe(first.get("a"));
    expect(JSON.parse(second.get("a")!.body)).toEqual([
      ["apple", [0]],
      ["axle", [1]],
    ]);
  });
});
