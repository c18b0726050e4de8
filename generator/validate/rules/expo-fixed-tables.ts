import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { fixedNumber, floorTables } from "../expo-floor.ts";
import { floorOf } from "../expo-records.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * A place in judging.tables written as a table's label (`Table 12`) takes that table of the expo
 * floor: two projects placed at one would share it, and the assignment could seat only one there.
 */
export const expoFixedTables: Rule = {
  name: "expo-fixed-tables",
  description:
    "No two projects in judging.tables of records/event.yaml are placed at one table of the expo floor.",
  check({ event }) {
    const areas = floorOf(event);
    if (!event || !areas) return [];
    const total = floorTables(areas).length;
    const judging = field(event, "judging") as { tables?: unknown } | undefined;
    const holder = new Map<number, string>();
    const found: Diagnostic[] = [];
    list(judging?.tables).forEach((entry, i) => {
      const { project, table } = (entry ?? {}) as Record<string, unknown>;
      if (typeof project !== "string" || typeof table !== "string") return;
      const n = fixedNumber(table, total);
      if (n === null) return;
      const first = holder.get(n);
      if (first === undefined) return void holder.set(n, project);
      if (first === project) return;
      found.push(
        at(event, ["judging", "tables", String(i), "table"], {
          severity: "error",
          rule: "expo-fixed-tables",
          message: `judging.tables[${i}].table must name a table no other project is placed at (found ${JSON.stringify(table)}, where ${JSON.stringify(first)} is placed already)`,
          expected: "a table no other project is placed at",
          found: JSON.stringify(table),
          fix: `Give ${JSON.stringify(project)} another table, or remove its entry so the build gives it a free one.`,
        }),
      );
    });
    return found;
  },
};
