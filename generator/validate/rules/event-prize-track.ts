import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { oneOf } from "../words.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { eventTrackIds } from "./project-track.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);
/** A prize for a track names one of the event's tracks, as a project does, so its note never names none. */
export const eventPrizeTrack: Rule = {
  name: "event-prize-track",
  description: "A prize's track in records/event.yaml is one of the event's track ids, or null.",
  check({ event }) {
    const ids = eventTrackIds(event);
    if (!event || ids.length === 0) return [];
    const expected = `one of ${oneOf([...ids, "null"])}`;
    const found: Diagnostic[] = [];
    list(field(event, "prizes")).forEach((prize, i) => {
      const track = (prize as { track?: unknown } | null)?.track;
      if (typeof track !== "string" || !SLUG.test(track) || ids.includes(track)) return;
      found.push(
        at(event, ["prizes", String(i), "track"], {
          severity: "error",
          rule: "event-prize-track",
          message: `prizes[${i}].track must be ${expected} (found ${JSON.stringify(track)})`,
          expected,
          found: JSON.stringify(track),
          fix: "Use a track id from tracks, or null for a prize every project competes for.",
        }),
      );
    });
    return found;
  },
};
