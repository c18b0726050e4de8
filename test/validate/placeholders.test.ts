import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { EVENT_FILE } from "../../generator/record-layout.ts";
import { planInit, type EventAnswers } from "../../generator/scaffold/init-event.ts";
import { EXAMPLE, fixtureRoot } from "../helpers/fixture-root.ts";

const ANSWERS: EventAnswers = {
  name: "Robo Jam",
  start: "2027-03-06",
  end: "2027-03-07",
  timezone: "Europe/Paris",
  organisers: ["me"],
  repository: "robo-org/robo-jam",
};

/** The event record npm run init writes for `answers`, checked in the valid fixture's place. */
async function warningsOfInit(answers: Partial<EventAnswers>) {
  const root = await fixtureRoot();
  const plan = await planInit(EXAMPLE, { ...ANSWERS, ...answers });
  await writeFile(join(root, EVENT_FILE), plan.writes.get(EVENT_FILE)!);
  const { diagnostics } = await check({ root });
  return diagnostics
    .filter((d) => d.rule === "placeholders")
    .map((d) => ({ line: d.line, severity: d.severity, message: d.message, fix: d.fix }));
}

describe("the placeholders rule on the event npm run init writes", () => {
  it("warns on the README's example organiser kept as it is", async () => {
    const found = await warningsOfInit({ organisers: ["me", "Your-GitHub-Name"] });
    expect(found.filter((d) => d.message.startsWith("organisers"))).toEqual([
      {
        line: expect.any(Number),
        severity: "warning",
        message: `organisers[1] should be your own (found the README's example "Your-GitHub-Name")`,
        fix: "Write your own GitHub user name: until then no one's pull requests count as an organiser's.",
      },
    ]);
  });

  it("warns on each placeholder init leaves, each fix naming the field to fill", async () => {
    const found = await warningsOfInit({ tracks: ["Wheels"], robots: ["Arm"] });
    expect(found.map((d) => [d.severity, d.message])).toEqual([
      [
        "warning",
        `tagline should be your own (found init's placeholder "Robo Jam: build something real in a weekend.")`,
      ],
      ["warning", `venue.name should be your own (found init's placeholder "To be announced")`],
      ["warning", `venue.address should be your own (found init's placeholder "To be announced")`],
      ["warning", `hosts[0].name should be your own (found the event's own name, "Robo Jam")`],
      [
        "warning",
        `tracks[0].description should be your own (found init's placeholder "Projects in the Wheels track.")`,
      ],
      ["warning", `robots[0].description should be your own (found init's placeholder "Arm, at the venue.")`],
    ]);
    expect(found.map((d) => d.fix)).toEqual([
      "Write the event's own tagline under tagline in records/event.yaml.",
      "Write the venue's name under venue.name in records/event.yaml.",
      "Write the venue's address under venue.address in records/event.yaml.",
      "Name who hosts the event (a person, group or company) under hosts[0].name in records/event.yaml.",
      "Say what projects in this track do under tracks[0].description in records/event.yaml.",
      "Describe the robot and how to use it under robots[0].description in records/event.yaml.",
    ]);
    // Each points at its line.
    expect(new Set(found.map((d) => d.line)).size).toBe(found.length);
  });

  it("warns only on what is left once the organiser gave the venue, address and tagline", async () => {
    const found = await warningsOfInit({
      venue: "Hall B",
      address: "1 Rue X, Paris",
      tagline: "Robots, fast.",
    });
    expect(found.map((d) => d.message)).toEqual([
      `hosts[0].name should be your own (found the event's own name, "Robo Jam")`,
      `tracks[0].description should be your own (found init's placeholder "Projects in the Open track.")`,
    ]);
  });

  it("says nothing of the sample event, whose facts are its own", async () => {
    const { diagnostics } = await check({ root: EXAMPLE });
    expect(diagnostics.filter((d) => d.rule === "placeholders")).toEqual([]);
  });
});
