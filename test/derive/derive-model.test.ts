import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { EventRecord } from "../../generator/contract/records.ts";
import { deriveModel } from "../../generator/derive/derive-model.ts";
import { FIXTURES } from "../helpers/fixture-root.ts";

const derive = async (extra: Partial<EventRecord>) => {
  const event = parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as EventRecord;
  return deriveModel(
    { event: { ...event, ...extra }, teams: [], projects: [] },
    { assets: [], handbook: [] },
    { baseUrl: "https://x.test/", generatedAt: "2026-11-25T00:00:00+00:00" },
  ).event;
};

describe("deriveModel's event", () => {
  it("publishes every deadline key, null or an empty list where the record sets none", async () => {
    expect((await derive({})).deadlines).toEqual({ registration: null, submission: null, extensions: [] });
  });

  it("publishes the deadlines in the schema's order whatever the record's, an extension's reason null when left out", async () => {
    const { deadlines } = await derive({
      deadlines: {
        extensions: [{ submission: "2026-12-06T15:00:00+01:00", team: "alpha-team" }],
        submission: "2026-12-06T14:00:00+01:00",
      },
    });
    expect(JSON.stringify(deadlines)).toBe(
      JSON.stringify({
        registration: null,
        submission: "2026-12-06T14:00:00+01:00",
        extensions: [{ team: "alpha-team", submission: "2026-12-06T15:00:00+01:00", reason: null }],
      }),
    );
  });
});
