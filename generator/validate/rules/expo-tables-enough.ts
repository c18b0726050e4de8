import { recordShortfalls, shortfallError } from "../expo-records.ts";
import type { Rule } from "../rule.ts";

/** Counted as the assignment hands tables out (validate/expo-floor.ts), so a passing floor seats everyone on time. */
export const expoTablesEnough: Rule = {
  name: "expo-tables-enough",
  description: "The expo floor has a table for every project (per track's areas, and for the rest).",
  check(context) {
    const { event } = context;
    if (!event) return [];
    return recordShortfalls(context)
      .filter((s) => s.shortage === "tables")
      .map((s) => shortfallError(event, s, "expo-tables-enough"));
  },
};
