import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignTables, type TableInput } from "../../generator/derive/table-assignment.ts";
import { floorArea as area, tableProject as project } from "../helpers/table-inputs.ts";
import { shortfalls, type Need } from "../../generator/validate/expo-floor.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

const numbers = (input: TableInput) =>
  Object.fromEntries([...assignTables(input).tables].map(([slug, t]) => [slug, t.number]));

const FLOOR = [
  area("Main hall", 4),
  area("Workshop", 2, { power: true }),
  area("Yard", 2, { large: true }),
  area("Lab", 1, { power: true, large: true }),
];

describe("assignTables", () => {
  it("numbers the tables across the areas in order and hands them out in slug order", () => {
    const result = assignTables({ areas: FLOOR, fixed: [], projects: [project("b"), project("a")] });
    expect(result.tables.get("a")).toEqual({
      label: "Table 1",
      number: 1,
      area: { slug: "main-hall", name: "Main hall", power: false, large: false, track: null },
    });
    expect(result.tables.get("b")!.label).toBe("Table 2");
    expect(result.unplaced).toEqual([]);
  });

  it("gives each project a table with what its demo needs, and the plain tables to the rest", () => {
    const projects = [
      project("plain-1"),
      project("both", ["power", "large"]),
      project("robot", ["large"]),
      project("laser", ["power"]),
      project("plain-2"),
    ];
    const result = assignTables({ areas: FLOOR, fixed: [], projects });
    const areaOf = (slug: string) => result.tables.get(slug)!.area!.slug;
    expect(areaOf("both")).toBe("lab");
    expect(areaOf("laser")).toBe("workshop");
    expect(areaOf("robot")).toBe("yard");
    expect([areaOf("plain-1"), areaOf("plain-2")]).toEqual(["main-hall", "main-hall"]);
  });

  it("places a track's projects in its areas, and no other project there", () => {
    const areas = [area("Hall", 2), area("Drone cage", 2, { track: "drones" })];
    const projects = [
      project("a"),
      project("b", [], { track: "drones" }),
      project("c", [], { track: "sim" }),
    ];
    const result = assignTables({ areas, fixed: [], projects });
    expect(result.tables.get("b")!.area!.slug).toBe("drone-cage");
    expect(result.tables.get("a")!.area!.slug).toBe("hall");
    expect(result.tables.get("c")!.area!.slug).toBe("hall");
    const full = assignTables({ areas, fixed: [], projects: [...projects, project("d")] });
    expect(full.unplaced).toEqual([{ project: "d", needs: 0, group: null }]);
  });

  it("is the same whatever order the projects come in", () => {
    const projects = ["e", "a", "d", "b", "c"].map((s, i) => project(s, i % 2 ? ["power"] : []));
    expect(numbers({ areas: FLOOR, fixed: [], projects })).toEqual(
      numbers({ areas: FLOOR, fixed: [], projects: [...projects].reverse() }),
    );
  });

  it("keeps the organiser's fixed places: a table's label takes that table, other text is its own place", () => {
    const fixed = [
      { project: "b", table: "Table 1" },
      { project: "c", table: "Hall B, stand 4" },
      { project: "nobody", table: "Table 2" },
    ];
    const result = assignTables({
      areas: FLOOR,
      fixed,
      projects: [project("a"), project("b"), project("c")],
    });
    expect(result.tables.get("b")).toMatchObject({
      label: "Table 1",
      number: 1,
      area: { slug: "main-hall" },
    });
    expect(result.tables.get("c")).toEqual({ label: "Hall B, stand 4", number: null, area: null });
    expect(result.tables.get("a")!.number).toBe(2);
    // Without a floor, today's events keep their places and nobody else gets one.
    const none = assignTables({ areas: [], fixed, projects: [project("a"), project("b")] });
    expect([...none.tables]).toEqual([["b", { label: "Table 1", number: null, area: null }]]);
  });

  it("gives a late project a free table and moves nobody", () => {
    const on = ["a", "m", "z"].map((s) => project(s));
    const before = numbers({ areas: FLOOR, fixed: [], projects: [...on, project("laser", ["power"])] });
    for (const late of [{ arrived: 0 }, { lateUntil: Date.parse("2026-12-01T00:00:00Z") }]) {
      const after = numbers({
        areas: FLOOR,
        fixed: [],
        projects: [...on, project("laser", ["power"]), project("b", [], late), project("c", ["power"], late)],
      });
      // "b" comes before "m" and "z" by slug, yet takes the table after theirs.
      expect(after).toMatchObject(before);
      expect(after.b).toBe(4);
      expect(after.c).toBe(6);
    }
  });

  it("hands a project changed since the seed out as it was, and moves it alone when its table no longer fits", () => {
    const floor = [area("Main hall", 6), area("Workshop", 2, { power: true })];
    const plain = ["alpha", "bravo", "charlie", "delta"].map((s) => project(s));
    const was = numbers({ areas: floor, fixed: [], projects: plain });
    expect(was).toEqual({ alpha: 1, bravo: 2, charlie: 3, delta: 4 });
    // Review R1's case: an approved edit of an on-time project now needs power.
    const edited = [project("alpha", ["power"], { was: { track: null, needs: [] } }), ...plain.slice(1)];
    expect(numbers({ areas: floor, fixed: [], projects: edited })).toEqual({ ...was, alpha: 7 });
    // A change its table still fits (a need dropped) moves nobody, itself included.
    const dropped = [project("alpha", [], { was: { track: null, needs: ["power"] } }), ...plain.slice(1)];
    expect(numbers({ areas: floor, fixed: [], projects: dropped })).toEqual({
      alpha: 7,
      bravo: 1,
      charlie: 2,
      delta: 3,
    });
    // Two teams on one extension: one asks for power before it ends; the other keeps its table.
    const until = Date.parse("2026-12-06T15:00:00Z");
    const ext = [
      project("on-1"),
      project("on-2"),
      project("ext-a", [], { lateUntil: until }),
      project("ext-b", [], { lateUntil: until }),
    ];
    const before = numbers({ areas: floor, fixed: [], projects: ext });
    const after = numbers({
      areas: floor,
      fixed: [],
      projects: ext.map((p) =>
        p.slug === "ext-a" ? { ...p, needs: ["power"] as Need[], was: { track: null, needs: [] } } : p,
      ),
    });
    expect(after).toEqual({ ...before, "ext-a": 7 });
  });

  it("places every on-time project exactly when the counts of expo-floor allow it", () => {
    const needs = fc.subarray<Need>(["power", "large"]);
    const floor = fc.array(
      fc.record({
        tables: fc.integer({ min: 1, max: 4 }),
        power: fc.boolean(),
        large: fc.boolean(),
        track: fc.constantFrom(null, null, "hw"),
      }),
      { minLength: 1, maxLength: 5 },
    );
    const projects = fc.uniqueArray(
      fc.record({
        slug: fc.stringMatching(/^[a-z]{1,4}$/),
        needs,
        track: fc.constantFrom(null, "hw", "sim"),
      }),
      { selector: (p) => p.slug, maxLength: 16 },
    );
    fc.assert(
      fc.property(floor, projects, (areas, list) => {
        const input = {
          areas: areas.map((a, i) => area(`A${i}`, a.tables, a)),
          fixed: [],
          projects: list.map((p) => project(p.slug, p.needs, { track: p.track })),
        };
        const short = shortfalls(input.areas, [], input.projects);
        expect(assignTables(input).unplaced.length === 0).toBe(short.length === 0);
      }),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });
});

describe("shortfalls", () => {
  it("names the counts: all tables, power, large, both and either, per track's areas", () => {
    const areas = [area("Hall", 2), area("Power", 1, { power: true }), area("Cage", 1, { track: "drones" })];
    const projects = [
      project("a", ["power"]),
      project("b", ["power"]),
      project("c"),
      project("d"),
      project("e", [], { track: "drones" }),
      project("f", ["large"], { track: "drones" }),
    ];
    expect(shortfalls(areas, [], projects)).toEqual(
      [
        { shortage: "tables", group: null, projects: 4, tables: 3 },
        { shortage: "power", group: null, projects: 2, tables: 1 },
        { shortage: "tables", group: "drones", projects: 2, tables: 1 },
        { shortage: "large", group: "drones", projects: 1, tables: 0 },
        { shortage: "both", group: "drones", projects: 0, tables: 0 },
      ].filter((s) => s.projects > s.tables),
    );
    // A power table and a large one fit two projects, one of each; a table with both fits one.
    const one = [area("Lab", 1, { power: true, large: true }), area("Hall", 5)];
    expect(shortfalls(one, [], [project("a", ["power"]), project("b", ["large"])])).toEqual([
      { shortage: "either", group: null, projects: 2, tables: 1 },
    ]);
    // A fixed place at a table takes it from the count, and its project needs no other.
    expect(
      shortfalls(
        one,
        [{ project: "a", table: "Table 1" }],
        [project("a", ["power"]), project("c", ["power"])],
      ),
    ).toEqual([{ shortage: "power", group: null, projects: 1, tables: 0 }]);
  });
});
