import { at, field, list, type Rule } from "../rule.ts";

export const eventTracksUnique: Rule = {
  name: "event-tracks-unique",
  description: "Each track id appears once in records/event.yaml.",
  check({ event }) {
    if (!event) return [];
    const seen = new Set<unknown>();
    return list(field(event, "tracks")).flatMap((track, index) => {
      const id = (track as { id?: unknown } | null)?.id;
      if (typeof id !== "string" || !seen.has(id)) {
        seen.add(id);
        return [];
      }
      return [
        at(event, ["tracks", String(index), "id"], {
          severity: "error",
          rule: "event-tracks-unique",
          message: `tracks[${index}].id must be unique (found ${JSON.stringify(id)} again)`,
          expected: "an id no other track uses",
          found: `${JSON.stringify(id)} again`,
          fix: "Give each track its own id.",
        }),
      ];
    });
  },
};
