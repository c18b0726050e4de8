import { at, field, list, type Rule } from "../rule.ts";

/** Awards name the prize they give by its id, so each id names one prize. */
export const eventPrizeIds: Rule = {
  name: "event-prize-ids",
  description: "Each prize id appears once in records/event.yaml.",
  check({ event }) {
    if (!event) return [];
    const seen = new Set<string>();
    return list(field(event, "prizes")).flatMap((prize, i) => {
      const id = (prize as { id?: unknown } | null)?.id;
      if (typeof id !== "string") return [];
      if (!seen.has(id)) {
        seen.add(id);
        return [];
      }
      return [
        at(event, ["prizes", String(i), "id"], {
          severity: "error",
          rule: "event-prize-ids",
          message: `prizes[${i}].id must be unique (found ${JSON.stringify(id)} again)`,
          expected: "an id no other prize uses",
          found: `${JSON.stringify(id)} again`,
          fix: "Give each prize its own id; two prizes of the same kind are one prize with a count.",
        }),
      ];
    });
  },
};
