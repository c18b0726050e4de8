import { recordShortfalls, shortfallError } from "../expo-records.ts";
import type { Rule } from "../rule.ts";

/** Counted as the assignment hands tables out (validate/expo-floor.ts), so a passing floor seats everyone on time. */
export const expoPowerTables: Rule = {
  name: "expo-power-tables",
  description: "The expo floor has a table with power for every project that needs power.",
  check(context) {
    const { event } = context;
    if (!event) return [];
    return recordShortfalls(context)
      .filter((s) => s.shortage === "power")
      .map((s) => shortfallError(event, s, "expo-power-tables"));
  },
};
