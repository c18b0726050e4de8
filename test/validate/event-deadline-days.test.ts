import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { checkEventWith } from "../helpers/event-with.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

describe("event-deadline-days", () => {
  it("reads the day in the event's time zone: 23:30Z on the 4th is the 5th in Berlin, on the 6th it is the 7th", async () => {
    expect(
      await checkEventWith(`deadlines:
  registration: "2026-12-04T23:30:00Z"
  submission: "2026-12-06T23:30:00Z"
`),
    ).toEqual(['39:15 warning event-deadline-days "2026-12-06T23:30:00Z", on 2026-12-07']);
  });

  it("warns about an extension after the event too, and a warning alone keeps the records valid", async () => {
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      `deadlines:
  submission: "2026-12-06T14:00:00+01:00"
  extensions:
    - team: alpha-team
      submission: "2026-12-08T09:00:00+01:00"
`,
    );
    const result = await check({ root });
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.line, d.column, d.severity, d.rule, d.found])).toEqual([
      [41, 19, "warning", "event-deadline-days", '"2026-12-08T09:00:00+01:00", on 2026-12-08'],
    ]);
  });

  it("leaves an unknown time zone to event-timezone", async () => {
    const root = await fixtureRoot();
    const file = join(root, "records/event.yaml");
    const text = (await readFile(file, "utf8")).replace("Europe/Berlin", "Mars/Olympus_Mons");
    await writeFile(file, `${text}deadlines:\n  registration: "2026-11-01T12:00:00+01:00"\n`);
    expect((await check({ root })).diagnostics.map((d) => d.rule)).toEqual(["event-timezone"]);
  });
});
