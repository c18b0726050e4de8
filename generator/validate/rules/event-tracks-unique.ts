import { repeatedIds, type Rule } from "../rule.ts";

export const eventTracksUnique: Rule = {
  name: "event-tracks-unique",
  description: "Each track id appears once in records/event.yaml.",
  check: ({ event }) =>
    event ? repeatedIds(event, "tracks", "event-tracks-unique", "Give each track its own id.") : [],
};
