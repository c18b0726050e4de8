import { DateTime } from "luxon";
import type { EventRecord } from "../contract/records.ts";

/** A way to take part: a team registers, then it submits its project. */
export type Entry = "team" | "project";

/** A way to take part still open when the records last changed, until when, and its deadline if the event sets one. */
export interface OpenCall {
  entry: Entry;
  /** ISO instant: the deadline, or without one the event's first day's start (team) or last day's end (project). */
  until: string;
  deadline: string | null;
}

/**
 * Where an edition is in its life, which every page that invites people in or counts down reads:
 * the home page's call to action and deadlines, the room's screen, the schedule's now and next, the
 * empty lists' "be the first". Derived once here, so no template decides it again.
 */
export interface Phase {
  /**
   * The edition is over and kept as it was under `editions/<id>/` (docs/editions.md): its pages say
   * it ended, on its own dates, and invite no one, whatever the reader's clock says.
   */
  archived: boolean;
  /** The calls still open when the records last changed, in order: none once archived or awarded. */
  open: OpenCall[];
  /** Pages count down and mark now and next in the reader's clock (site.js); not once archived. */
  live: boolean;
}

/**
 * The edition's phase from its event, when its records last changed (`generatedAt`: pages carry no
 * build time, so site.js narrows the open calls to the reader's current one) and whether it is
 * archived. Without a registration deadline, registering closes when the event starts.
 */
export function phaseOf(event: EventRecord, generatedAt: string, archived: boolean): Phase {
  if (archived) return { archived, open: [], live: false };
  if (event.awards?.length) return { archived, open: [], live: true };
  const done = Date.parse(generatedAt);
  const deadlines = event.deadlines ?? {};
  const calls: OpenCall[] = [
    {
      entry: "team",
      until: deadlines.registration ?? dayEdge(event.startDate, event.timezone, "start"),
      deadline: deadlines.registration ?? null,
    },
    {
      entry: "project",
      until: deadlines.submission ?? dayEdge(event.endDate, event.timezone, "end"),
      deadline: deadlines.submission ?? null,
    },
  ];
  return { archived, open: calls.filter((c) => Date.parse(c.until) > done), live: true };
}

/** When `date`'s day starts or ends in `zone`, in UTC (as render/shared/dates.ts's dayStartsAt, dayEndsAt). */
function dayEdge(date: string, zone: string, edge: "start" | "end"): string {
  const day = DateTime.fromISO(date, { zone });
  return (edge === "start" ? day.startOf("day") : day.endOf("day")).toUTC().toISO() ?? "";
}
