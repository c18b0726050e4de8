import { at, field, type Rule } from "../rule.ts";

const known = new Map<string, boolean>();

/**
 * Whether this Node's time-zone database knows the name (`Europe/Berlin`; not `Mars/Base`). Asked by
 * three rules a build, and a formatter costs about half a millisecond: each name is asked once.
 */
export function knownTimeZone(name: string): boolean {
  let answer = known.get(name);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: name });
      answer = true;
    } catch {
      answer = false;
    }
    known.set(name, answer);
  }
  return answer;
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
