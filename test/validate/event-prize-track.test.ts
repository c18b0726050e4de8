import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

describe("event-prize-track", () => {
  it("accepts a prize for one of the event's tracks, and one for every project (null or left out)", async () => {
    expect(
      await checkEventWith(`prizes:
  - id: best-hardware
    name: Best hardware project
    description: Works best on a real robot.
    track: hardware
  - id: best-overall
    name: Best overall
    description: The best project.
    track: null
  - id: audience
    name: Audience favourite
    description: The audience votes.
`),
    ).toEqual([]);
  });

  it("reports every prize whose track the event does not have, each at its own line", async () => {
    expect(
      await checkEventWith(`prizes:
  - id: best-sim
    name: Best simulation
    description: The best in simulation.
    track: simulation
  - id: best-hardware
    name: Best hardware project
    description: Works best on a real robot.
    track: hard-ware
  - id: best-overall
    name: Best overall
    description: The best project.
    track: Hardware
`),
    ).toEqual([
      '41:12 error event-prize-track "simulation"',
      '45:12 error event-prize-track "hard-ware"',
      // Not a track id at all: the schema says so, once.
      '49:12 error invalid-value "Hardware"',
    ]);
  });
});
