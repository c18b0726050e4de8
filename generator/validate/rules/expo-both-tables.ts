import { recordShortfalls, shortfallError } from "../expo-records.ts";
import type { Rule } from "../rule.ts";

/**
 * Projects needing both get a table with both; and a table with both serves one project, so power
 * and large space may each be enough yet not together (validate/expo-floor.ts).
 */
export const expoBothTables: Rule = {
  name: "expo-both-tables",
  description:
    "The expo floor has a table with power and a large space for every project that needs both, and enough for those that need either.",
  check(context) {
    const { event } = context;
    if (!event) return [];
    return recordShortfalls(context)
      .filter((s) => s.shortage === "both" || s.shortage === "either")
      .map((s) => shortfallError(event, s, "expo-both-tables"));
  },
};
