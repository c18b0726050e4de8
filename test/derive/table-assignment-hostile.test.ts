import { describe, expect, it } from "vitest";
import { assignTables } from "../../generator/derive/table-assignment.ts";
import {
  floorArea as area,
  tableProject as project,
  type TableProject as Project,
} from "../helpers/table-inputs.ts";
import type { Need } from "../../generator/validate/expo-floor.ts";

/**
 * Review R1 (issue 58): "stable — a late or approved project takes a free table and moves nobody".
 * Two ways a change to one project's `needs` after the tables were handed out could move others'
 * tables. The pipeline gives the assignment what a changed project was at the seed's commit
 * (`was`, load/tables-at-seed.ts), so the changed project moves alone.
 */
const FLOOR = [area("Main hall", 6), area("Workshop", 2, { power: true })];
const numbers = (projects: Project[]) =>
  Object.fromEntries(
    [...assignTables({ areas: FLOOR, fixed: [], projects }).tables].map(([slug, t]) => [slug, t.number]),
  );
const others = (tables: Record<string, number | null>, slug: string) =>
  Object.fromEntries(Object.entries(tables).filter(([s]) => s !== slug));

describe("a change to one project's needs after the tables were handed out", () => {
  // An organiser approves a late edit of an on-time project (it now needs power): handed out again
  // as it is now, every plain project after it in slug order would take the table before its own.
  it("moves no other on-time project when an approved edit gives an on-time project a need", () => {
    const before = [project("alpha"), project("bravo"), project("charlie"), project("delta")];
    const was = numbers(before);
    expect(was).toEqual({ alpha: 1, bravo: 2, charlie: 3, delta: 4 });
    const now = numbers([
      project("alpha", ["power"], { was: { track: null, needs: [] } }),
      ...before.slice(1),
    ]);
    expect(now.alpha).toBe(7);
    expect(others(now, "alpha")).toEqual(others(was, "alpha"));
  });

  // Two teams with the same extension: one edits its project before its extension ends (on time
  // for it, no organiser needed) to ask for power; the other team's table must not move.
  it("moves no other team's table when a team with an extension edits its needs", () => {
    const until = Date.parse("2026-12-06T15:00:00Z");
    const before = [
      project("on-time-1"),
      project("on-time-2"),
      project("ext-a", [], { lateUntil: until }),
      project("ext-b", [], { lateUntil: until }),
    ];
    const was = numbers(before);
    expect(was).toMatchObject({ "ext-a": 3, "ext-b": 4 });
    const now = numbers(
      before.map((p) =>
        p.slug === "ext-a" ? { ...p, needs: ["power"] as Need[], was: { track: null, needs: [] } } : p,
      ),
    );
    expect(now["ext-a"]).toBe(7);
    expect(others(now, "ext-a")).toEqual(others(was, "ext-a"));
  });
});
