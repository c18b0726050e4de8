import { parseRecord } from "../../load/parse-record.ts";
import { lateness } from "../../ownership/lateness.ts";
import { organisersOf } from "../../ownership/record-people.ts";

/**
 * Why a form came in late (what the intake then says on its issue), for a record past the deadline that governs its record,
 * by the same rule Report applies (lateness.ts). `receivedAt` is GitHub's time for the issue's
 * opening or latest edit (`updated_at`), never one the author wrote. The pull request is opened
 * all the same, for an organiser to accept; Report refuses it until one approves.
 */
export function lateNotice(
  record: { file: string; text: string },
  existing: string | undefined,
  event: unknown,
  author: string,
  receivedAt: number | undefined,
): string | undefined {
  if (organisersOf(event).includes(author.toLowerCase())) return undefined;
  const data = (text: string) => parseRecord(record.file, text).data;
  const late = lateness(
    { path: record.file, status: existing === undefined ? "added" : "modified" },
    existing === undefined ? undefined : data(existing),
    [data(record.text)],
    event,
    receivedAt,
    "received",
  );
  return late?.slice("late: ".length);
}
