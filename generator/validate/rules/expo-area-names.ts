import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { floorOf } from "../expo-records.ts";
import { at, type Rule } from "../rule.ts";

/**
 * An area's slug comes from its name and names it in links (the expo page's filters): two names
 * that give one slug (`Hall A`, `hall a`) would be one area there.
 */
export const expoAreaNames: Rule = {
  name: "expo-area-names",
  description: "Each area of the expo floor in records/event.yaml has a name no other area's reads as.",
  check({ event }) {
    const areas = floorOf(event);
    if (!event || !areas) return [];
    const seen = new Map<string, string>();
    const found: Diagnostic[] = [];
    areas.forEach((area, i) => {
      const earlier = seen.get(area.slug);
      if (earlier === undefined) return void seen.set(area.slug, area.name);
      found.push(
        at(event, ["expo", "areas", String(i), "name"], {
          severity: "error",
          rule: "expo-area-names",
          message: `expo.areas[${i}].name must differ from every other area's name (found ${JSON.stringify(area.name)}, read as ${area.slug} like ${JSON.stringify(earlier)})`,
          expected: "a name no other area has, in letters and digits",
          found: JSON.stringify(area.name),
          fix: `Rename the area, or add its tables to ${JSON.stringify(earlier)}.`,
        }),
      );
    });
    return found;
  },
};
