import { repeatedIds, type Rule } from "../rule.ts";

/** Awards name the prize they give by its id, so each id names one prize. */
export const eventPrizeIds: Rule = {
  name: "event-prize-ids",
  description: "Each prize id appears once in records/event.yaml.",
  check: ({ event }) =>
    event
      ? repeatedIds(
          event,
          "prizes",
          "event-prize-ids",
          "Give each prize its own id; two prizes of the same kind are one prize with a count.",
        )
      : [],
};
