import { at, field, type Rule } from "../rule.ts";

/** Whether this Node's time-zone database knows the name (`Europe/Berlin`; not `Mars/Base`). */
export function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const eventTimezone: Rule = {
  name: "event-timezone",
  description: "The event's timezone is an IANA time-zone name, so the calendar can state its times in it.",
  check({ event }) {
    const zone = event ? field(event, "timezone") : undefined;
    if (!event || typeof zone !== "string" || knownTimeZone(zone)) return [];
    return [
      at(event, ["timezone"], {
        severity: "error",
        rule: "event-timezone",
        message: `timezone must be an IANA time-zone name such as Europe/Berlin (found ${JSON.stringify(zone)})`,
        expected: "an IANA time-zone name",
        found: JSON.stringify(zone),
        fix: "Use the zone of the venue from the IANA list, such as Europe/Berlin or America/New_York.",
      }),
    ];
  },
};
