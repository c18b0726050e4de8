import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { closest, oneOf } from "../words.ts";
import { eventTrackIds } from "./project-track.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);

/** An area for a track no project can choose would stand empty while its projects find no table. */
export const expoAreaTrack: Rule = {
  name: "expo-area-track",
  description: "An expo area's track in records/event.yaml is one of the event's track ids, or null.",
  check({ event }) {
    const ids = eventTrackIds(event);
    if (!event || ids.length === 0) return [];
    const expo = field(event, "expo") as { areas?: unknown } | null | undefined;
    const expected = `one of ${oneOf([...ids, "null"])}`;
    const found: Diagnostic[] = [];
    list(expo?.areas).forEach((area, i) => {
      const track = (area as { track?: unknown } | null)?.track;
      if (typeof track !== "string" || !SLUG.test(track) || ids.includes(track)) return;
      const guess = closest(track, ids);
      found.push(
        at(event, ["expo", "areas", String(i), "track"], {
          severity: "error",
          rule: "expo-area-track",
          message: `expo.areas[${i}].track must be ${expected} (found ${JSON.stringify(track)})`,
          expected,
          found: JSON.stringify(track),
          fix: guess
            ? `Did you mean ${JSON.stringify(guess)}? Write \`track: ${guess}\`.`
            : "Use a track id from tracks, or null for an area any project may use.",
        }),
      );
    });
    return found;
  },
};
