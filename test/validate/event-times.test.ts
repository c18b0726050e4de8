import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

const EVENT = "records/event.yaml";

/** The valid fixture event (Europe/Berlin, 2026-12-05 to 06) with `yaml` appended, checked. */
async function checked(
  yaml: string,
  change?: [string, string],
): Promise<{ root: string; found: Diagnostic[] }> {
  const root = await fixtureRoot();
  const file = join(root, EVENT);
  if (change) await writeFile(file, (await readFile(file, "utf8")).replace(...change));
  await appendFile(file, yaml);
  return { root, found: (await check({ root })).diagnostics };
}

/** Does as the fix says: the line it writes, in place of the key's line the diagnostic points at. */
async function applyFix(root: string, d: Diagnostic): Promise<Diagnostic[]> {
  const line = /write the line as (\w+: "[^"]+")/i.exec(d.fix ?? "")?.[1];
  expect(line, d.fix).toBeDefined();
  const file = join(root, EVENT);
  const lines = (await readFile(file, "utf8")).split("\n");
  lines[d.line - 1] = lines[d.line - 1]!.replace(/\w+:.*$/, line!);
  await writeFile(file, lines.join("\n"));
  return (await check({ root })).diagnostics;
}

/** A deadline as an organiser writes it, and the line the error must give (Europe/Berlin). */
const FORMS: Array<[string, string, string]> = [
  ["init's local time", "registration: 2026-12-05 12:00", 'registration: "2026-12-05T12:00:00+01:00"'],
  ["a local time with T", "registration: 2026-12-05T12:00", 'registration: "2026-12-05T12:00:00+01:00"'],
  ["a one-digit hour", "registration: 2026-12-05 9:30", 'registration: "2026-12-05T09:30:00+01:00"'],
  ["seconds, quoted", 'registration: "2026-12-05 12:00:30"', 'registration: "2026-12-05T12:00:30+01:00"'],
  [
    "an offset without seconds",
    "submission: 2026-12-06T14:00+01:00",
    'submission: "2026-12-06T14:00:00+01:00"',
  ],
  [
    "an offset after a space",
    "submission: 2026-12-06 14:00 +0100",
    'submission: "2026-12-06T14:00:00+01:00"',
  ],
  ["UTC without seconds", "submission: 2026-12-06T13:00Z", 'submission: "2026-12-06T13:00:00Z"'],
  ["a local submission deadline", "submission: 2026-12-06 14:00", 'submission: "2026-12-06T14:00:00+01:00"'],
];

describe("event-time-form: a time written as init takes it gets the exact line to write", () => {
  it.each(FORMS)("%s", async (_, written, line) => {
    const { root, found } = await checked(`deadlines:\n  ${written}\n`);
    // One mistake, one error: the schema's general one is not said as well.
    expect(found.map((d) => `${d.line}:${d.column} ${d.severity} ${d.rule}`)).toEqual([
      `38:${written.startsWith("registration") ? 17 : 15} error event-time-form`,
    ]);
    const [d] = found as [Diagnostic];
    expect(d.fix).toContain(`Write the line as ${line} (`);
    expect(d.expected).toMatch(/^a date-time with its UTC offset, such as "/);
    expect(d.message).toContain(`(found ${JSON.stringify(written.split(": ")[1]!.replaceAll('"', ""))}`);
    expect(d.message).toContain(`(found ${d.found})`);
    expect(await applyFix(root, d)).toEqual([]);
  });

  it("reads a local time in the zone's offset for that date: summer time in July", async () => {
    const { found } = await checked("deadlines:\n  registration: 2026-07-01 12:00\n");
    const d = found.find((x) => x.rule === "event-time-form")!;
    expect(d.fix).toBe(
      'Write the line as registration: "2026-07-01T12:00:00+02:00" (12:00 in Europe/Berlin, whose offset on 2026-07-01 is +02:00).',
    );
  });

  it("tells a time the clocks skip, with the one after the change", async () => {
    const { root, found } = await checked("deadlines:\n  registration: 2027-03-28 02:30\n");
    const d = found.find((x) => x.rule === "event-time-form")!;
    expect(d.message).toContain("names 2027-03-28 02:30 in Europe/Berlin, a time the clocks skip there");
    expect(d.fix).toContain('write the line as registration: "2027-03-28T03:30:00+02:00"');
    expect(found.filter((x) => x.severity === "error")).toEqual([d]);
    const after = await applyFix(root, d);
    expect(after.filter((x) => x.severity === "error" || x.rule.startsWith("event-time"))).toEqual([]);
  });

  it("gives a day alone its end as an example", async () => {
    const { found } = await checked("deadlines:\n  submission: 2026-12-06\n");
    expect(found.map((d) => [d.rule, d.fix])).toEqual([
      [
        "event-time-form",
        'Write the time too, such as submission: "2026-12-06T23:59:00+01:00" for 23:59 in Europe/Berlin.',
      ],
    ]);
  });

  it("covers extensions and the schedule too, each at its line", async () => {
    const { found } = await checked(
      'deadlines:\n  submission: "2026-12-06T14:00:00+01:00"\n  extensions:\n    - team: alpha-team\n      submission: 2026-12-06 15:00\n',
      ['start: "2026-12-05T09:00:00+01:00"', "start: 2026-12-05 09:00"],
    );
    expect(found.map((d) => `${d.line} ${d.rule} ${/as (\w+: "[^"]+")/.exec(d.fix!)?.[1]}`)).toEqual([
      '11 event-time-form start: "2026-12-05T09:00:00+01:00"',
      '41 event-time-form submission: "2026-12-06T15:00:00+01:00"',
    ]);
  });

  it("leaves what is no time at all to the schema", async () => {
    const { found } = await checked("deadlines:\n  registration: tomorrow\n");
    expect(found.map((d) => d.rule)).toEqual(["invalid-value"]);
  });
});

describe("event-time-offset: an offset the event's zone does not have then is a warning with the right one", () => {
  it("says the offset and both lines to write; the first makes the event valid", async () => {
    const { root, found } = await checked('deadlines:\n  submission: "2026-12-06T14:00:00+05:00"\n');
    expect(found).toEqual([
      {
        file: EVENT,
        line: 38,
        column: 15,
        severity: "warning",
        rule: "event-time-offset",
        message:
          'deadlines.submission is 14:00 at +05:00, but Europe/Berlin is at +01:00 then: that is 10:00 there (found "2026-12-06T14:00:00+05:00")',
        expected: "the offset Europe/Berlin has on 2026-12-06, +01:00",
        found: '"2026-12-06T14:00:00+05:00"',
        fix: 'If you meant 14:00 in Europe/Berlin, write the line as submission: "2026-12-06T14:00:00+01:00"; if you meant 10:00 there, as submission: "2026-12-06T10:00:00+01:00".',
      },
    ]);
    expect(await applyFix(root, found[0]!)).toEqual([]);
  });

  it("checks the schedule's times too", async () => {
    const { found } = await checked("", [
      'end: "2026-12-05T18:00:00+01:00"',
      'end: "2026-12-05T18:00:00+02:00"',
    ]);
    expect(found.map((d) => `${d.line} ${d.rule} ${d.expected}`)).toEqual([
      "12 event-time-offset the offset Europe/Berlin has on 2026-12-05, +01:00",
    ]);
  });

  it.each([
    ["UTC, written as Z", "2026-12-06T13:00:00Z"],
    ["summer time's offset in summer", "2026-07-01T12:00:00+02:00"],
    ["the hour after the clocks go forward", "2027-03-28T03:30:00+02:00"],
    ["either offset in the hour the clocks go back: the first", "2026-10-25T02:30:00+02:00"],
    ["either offset in the hour the clocks go back: the second", "2026-10-25T02:30:00+01:00"],
  ])("accepts %s", async (_, time) => {
    const { found } = await checked(`deadlines:\n  registration: "${time}"\n`);
    expect(found.filter((d) => d.rule.startsWith("event-time"))).toEqual([]);
  });
});
