import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

const prize = (id: string) => `  - id: ${id}\n    name: Prize ${id}\n    description: For ${id}.\n`;

describe("event-prize-ids", () => {
  it("accepts prizes with their own ids", async () => {
    expect(await checkEventWith(`prizes:\n${prize("best-overall")}${prize("best-sim")}`)).toEqual([]);
  });

  it("reports each repeat of an id, not its first use", async () => {
    expect(
      await checkEventWith(
        `prizes:\n${prize("best-overall")}${prize("best-sim")}${prize("best-overall")}${prize("best-overall")}`,
      ),
    ).toEqual([
      '44:9 error event-prize-ids "best-overall" again',
      '47:9 error event-prize-ids "best-overall" again',
    ]);
  });

  it("leaves an id the schema refuses to the schema, with one problem", async () => {
    expect(await checkEventWith(`prizes:\n${prize("Best Overall")}${prize("best-sim")}`)).toEqual([
      '38:9 error invalid-value "Best Overall"',
    ]);
  });
});
