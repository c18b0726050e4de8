import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptOrder } from "../../../generator/render/shared/kept-order.ts";
import { newest } from "../../../generator/render/shared/parts.ts";

type Item = { slug: string; rank: number };
const compare = (a: Item, b: Item) => a.rank - b.rank || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
const sortAll = (items: readonly Item[]) => [...items].sort(compare);

describe("keptOrder: a sort that places only what its last call did not sort", () => {
  it("gives what a whole sort gives after any edits (items replaced, added, removed), without sorting whole", () => {
    const edit = fc.record({
      at: fc.nat(),
      rank: fc.integer({ min: 0, max: 5 }),
      kind: fc.constantFrom("change", "add", "remove"),
    });
    fc.assert(
      fc.property(
        // At least 40: eight saves may remove 16, and the 2 new of the 24 left stay within an eighth.
        fc.integer({ min: 40, max: 60 }),
        fc.array(fc.array(edit, { maxLength: 2 }), { maxLength: 8 }),
        (size, saves) => {
          let whole = 0;
          const sort = keptOrder(compare, (items) => (whole++, sortAll(items)));
          let items: Item[] = Array.from({ length: size }, (_, i) => ({ slug: `p-${i}`, rank: i % 4 }));
          let next = size;
          expect(sort(items)).toEqual(sortAll(items));
          for (const edits of saves) {
            items = [...items];
            for (const { at, rank, kind } of edits) {
              const i = at % items.length;
              // An edit makes a new entry, never changes one: the same object is the same item.
              if (kind === "change") items[i] = { slug: items[i]!.slug, rank };
              else if (kind === "add") items.splice(i, 0, { slug: `p-${next++}`, rank });
              else if (items.length > 1) items.splice(i, 1);
            }
            const sorted = sort(items);
            expect(sorted).toEqual(sortAll(items));
            sorted.forEach((item, i) => expect(item).toBe(sortAll(items)[i]));
          }
          // Only the first call (every item new) sorted whole.
          expect(whole).toBe(1);
        },
      ),
    );
  });

  it("sorts whole when most items are new, and when one item is listed twice", () => {
    let whole = 0;
    const sort = keptOrder(compare, (items) => (whole++, sortAll(items)));
    const a = Array.from({ length: 16 }, (_, i) => ({ slug: `a-${i}`, rank: 0 }));
    sort(a);
    const b = Array.from({ length: 16 }, (_, i) => ({ slug: `b-${i}`, rank: 0 }));
    expect(sort(b)).toEqual(sortAll(b));
    expect(whole).toBe(2);
    const twice = [...b, b[3]!];
    expect(sort(twice)).toEqual(sortAll(twice));
    expect(whole).toBe(3);
  });
});

describe("newest, placing a kind's items in their last order", () => {
  it("gives what a whole sort gives, also when an entry kept as it was has another time", () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ slug: `p-${String(i).padStart(2, "0")}` }));
    const times = new Map(items.map((item, i) => [item.slug, `2026-11-${10 + (i % 7)}T10:00:00Z`]));
    const fallback = "2026-11-01T00:00:00Z";
    const whole = () => newest(items, times, fallback, items.length);
    expect(newest(items, times, fallback, items.length, "test-newest")).toEqual(whole());
    // The same entry, a new time (a commit that did not change the file): it moves to the front.
    times.set("p-05", "2026-11-30T00:00:00Z");
    times.delete("p-06");
    const kept = newest(items, times, fallback, items.length, "test-newest");
    expect(kept).toEqual(whole());
    expect(kept[0]!.slug).toBe("p-05");
    expect(kept.at(-1)!.slug).toBe("p-06");
    items.push({ slug: "p-40" });
    expect(newest(items, times, fallback, 5, "test-newest")).toEqual(whole().slice(0, 5));
  });
});
