import { field, list, type Rule } from "../rule.ts";
import { prizeIds, unknownPrize } from "./event-award-prize.ts";

/**
 * A sponsor's judge names prizes that exist: an unknown id would leave the judge with no track to
 * judge (or, worse, every project), so it is an error, as an award's unknown prize is.
 */
export const eventJudgePrizes: Rule = {
  name: "event-judge-prizes",
  description: "Each of a judge's prizes in records/event.yaml is the id of one of the event's prizes.",
  check({ event }) {
    if (!event) return [];
    const ids = prizeIds(event);
    return list(field(event, "judges")).flatMap((judge, j) =>
      list((judge as { prizes?: unknown } | null)?.prizes).flatMap(
        (prize, p) =>
          unknownPrize(event, ["judges", String(j), "prizes", String(p)], "event-judge-prizes", prize, ids, {
            some: "or leave prizes out for a judge who judges every project.",
            none: "List the prize under prizes with this id, or leave the judge's prizes out.",
          }) ?? [],
      ),
    );
  },
};
