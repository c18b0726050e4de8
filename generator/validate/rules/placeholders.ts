import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import {
  EXAMPLE_ORGANISER,
  INIT_PLACEHOLDERS,
  PLACEHOLDERS,
  SAMPLE_EVENT,
} from "../../contract/placeholders.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, list, type RecordRule } from "../rule.ts";
import { fieldName } from "../locate.ts";

/**
 * A warning while a record still holds `npm run new`'s placeholders, an event `npm run init`'s or
 * the sample event's organisers.
 */
export const placeholders: RecordRule = {
  name: "placeholders",
  description:
    "No record keeps the placeholder text of npm run new, no event that of npm run init, and no event the sample's organisers.",
  checkRecord(record) {
    const found: Diagnostic[] = [];
    const warn: Warn = (segments, what, fix) => {
      const place = fieldName(segments);
      found.push(
        at(record, segments, {
          severity: "warning",
          rule: "placeholders",
          message: `${place} should be your own (found ${what})`,
          expected: "your own text",
          found: what,
          fix,
        }),
      );
    };
    // The sample itself may keep its organisers; an event made from it (renamed) may not.
    if (record.kind === "event" && field(record, "name") !== SAMPLE_EVENT.name)
      list(field(record, "organisers")).forEach((handle, i) => {
        if (typeof handle === "string" && SAMPLE_EVENT.organisers.includes(handle.toLowerCase()))
          warn(
            ["organisers", String(i)],
            `the sample event's ${JSON.stringify(handle)}`,
            "List your organisers' GitHub user names instead of the sample's.",
          );
      });
    if (record.kind === "event")
      list(field(record, "organisers")).forEach((handle, i) => {
        if (typeof handle === "string" && handle.toLowerCase() === EXAMPLE_ORGANISER)
          warn(
            ["organisers", String(i)],
            `the README's example ${JSON.stringify(handle)}`,
            "Write your own GitHub user name: until then no one's pull requests count as an organiser's.",
          );
      });
    if (record.kind === "event") initPlaceholders(record, warn);
    const people = record.kind === "team" ? "members" : record.kind === "project" ? "team" : undefined;
    if (people)
      list(field(record, people)).forEach((person, i) => {
        const name = (person as { name?: unknown } | null)?.name;
        if (name === PLACEHOLDERS.name)
          warn(
            [people, String(i), "name"],
            `the placeholder ${JSON.stringify(name)}`,
            "Write the person's name.",
          );
      });
    for (const key of ["tagline", "description"] as const)
      if (record.kind === "project" && field(record, key) === PLACEHOLDERS[key])
        warn(
          [key],
          `the placeholder ${JSON.stringify(PLACEHOLDERS[key].trim())}`,
          `Write the project's own ${key}.`,
        );
    return found;
  },
};

type Warn = (segments: string[], what: string, fix: string) => void;

/** What init wrote for want of a flag: each names the field to fill, in records/event.yaml. */
function initPlaceholders(event: RecordFile, warn: Warn): void {
  const name = field(event, "name");
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const placeholder = (value: string) => `init's placeholder ${JSON.stringify(value)}`;
  const fill = (segments: string[], what: string) => `${what} under ${fieldName(segments)} in ${event.file}.`;
  const tagline = text(field(event, "tagline"));
  if (typeof name === "string" && tagline !== undefined)
    if ([true, false].some((oneDay) => tagline === INIT_PLACEHOLDERS.tagline(name, oneDay)))
      warn(["tagline"], placeholder(tagline), fill(["tagline"], "Write the event's own tagline"));
  const venue = field(event, "venue") as Record<string, unknown> | undefined;
  for (const [key, what] of [
    ["name", "Write the venue's name"],
    ["address", "Write the venue's address"],
  ] as const)
    if (venue?.[key] === INIT_PLACEHOLDERS.venue)
      warn(["venue", key], placeholder(INIT_PLACEHOLDERS.venue), fill(["venue", key], what));
  // Init names the event as its own host: "Hosted by Robo Jam" says nothing.
  list(field(event, "hosts")).forEach((host, i) => {
    if (typeof name === "string" && (host as { name?: unknown } | null)?.name === name)
      warn(
        ["hosts", String(i), "name"],
        `the event's own name, ${JSON.stringify(name)}`,
        fill(["hosts", String(i), "name"], "Name who hosts the event (a person, group or company)"),
      );
  });
  const described = (key: string, make: (name: string) => string, what: string) =>
    list(field(event, key)).forEach((item, i) => {
      const { name: itemName, description } = (item ?? {}) as { name?: unknown; description?: unknown };
      if (typeof itemName === "string" && description === make(itemName))
        warn(
          [key, String(i), "description"],
          placeholder(description),
          fill([key, String(i), "description"], what),
        );
    });
  described("tracks", INIT_PLACEHOLDERS.track, "Say what projects in this track do");
  described("robots", INIT_PLACEHOLDERS.robot, "Describe the robot and how to use it");
}
