import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** The valid fixture's event with its schedule replaced by `sessions` ([start, end] in Berlin, 5–6 Dec). */
async function checkSchedule(sessions: Array<[string, string]>) {
  const root = await fixtureRoot();
  const file = join(root, "records/event.yaml");
  const listed = sessions
    .map(
      ([start, end], i) => `  - start: "${start}+01:00"\n    end: "${end}+01:00"\n    title: Session ${i}\n`,
    )
    .join("");
  const event = await readFile(file, "utf8");
  await writeFile(file, event.replace(/^schedule:\n(?: {2}.*\n)+/m, `schedule:\n${listed}`));
  const { diagnostics } = await check({ root });
  return diagnostics;
}

describe("event-schedule-order", () => {
  it("refuses a session listed after one that starts later, at its start, with the fix", async () => {
    // A newcomer's way to add an earlier day: appended at the end.
    const found = await checkSchedule([
      ["2026-12-05T09:00:00", "2026-12-05T12:00:00"],
      ["2026-12-06T09:00:00", "2026-12-06T12:00:00"],
      ["2026-12-05T14:00:00", "2026-12-05T18:00:00"],
    ]);
    expect(found).toEqual([
      expect.objectContaining({
        file: "records/event.yaml",
        line: 17,
        column: 12,
        severity: "error",
        rule: "event-schedule-order",
        expected: "a start on or after 2026-12-06T09:00:00+01:00",
        found: '"2026-12-05T14:00:00+01:00"',
        fix: expect.stringContaining("Move this session up"),
      }),
    ]);
  });

  it("lets sessions start together in any order, and compares instants, not the text", async () => {
    expect(
      await checkSchedule([
        ["2026-12-05T09:00:00", "2026-12-05T12:00:00"],
        ["2026-12-05T09:00:00", "2026-12-05T10:00:00"],
        ["2026-12-05T13:00:00", "2026-12-05T14:00:00"],
      ]),
    ).toEqual([]);
    const root = await fixtureRoot();
    const file = join(root, "records/event.yaml");
    const event = await readFile(file, "utf8");
    // 12:30Z is 13:30 in Berlin: after a 13:00+01:00 session, though its text sorts before.
    await writeFile(
      file,
      event.replace(
        /^schedule:\n(?: {2}.*\n)+/m,
        'schedule:\n  - start: "2026-12-05T13:00:00+01:00"\n    end: "2026-12-05T14:00:00+01:00"\n    title: A\n  - start: "2026-12-05T12:30:00Z"\n    end: "2026-12-05T14:00:00Z"\n    title: B\n',
      ),
    );
    expect((await check({ root })).diagnostics.filter((d) => d.rule === "event-schedule-order")).toEqual([]);
  });
});
