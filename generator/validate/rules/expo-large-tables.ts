import { recordShortfalls, shortfallError } from "../expo-records.ts";
import type { Rule } from "../rule.ts";

/** Counted as the assignment hands tables out (validate/expo-floor.ts), so a passing floor seats everyone on time. */
export const expoLargeTables: Rule = {
  name: "expo-large-tables",
  description: "The expo floor has a table with a large space for every project that needs one.",
  check(context) {
    const { event } = context;
    if (!event) return [];
    return recordShortfalls(context)
      .filter((s) => s.shortage === "large")
      .map((s) => shortfallError(event, s, "expo-large-tables"));
  },
};
