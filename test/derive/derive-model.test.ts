import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { EventRecord } from "../../generator/contract/records.ts";
import { deriveModel } from "../../generator/derive/derive-model.ts";
import { check, validRecords } from "../../generator/pipeline.ts";
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

  it("publishes judging with three judges a project, 40 projects a judge, scores to 5 and no seed where the record sets none, in the schema's order", async () => {
    expect(JSON.stringify((await derive({})).judging)).toBe(
      JSON.stringify({ perProject: 3, perJudgeMax: 40, scale: 5, seed: null, tables: [] }),
    );
    expect(JSON.stringify((await derive({ judging: { scale: 10 } })).judging)).toBe(
      JSON.stringify({ perProject: 3, perJudgeMax: 40, scale: 10, seed: null, tables: [] }),
    );
    expect(
      JSON.stringify(
        (await derive({ judging: { seed: "tide", scale: 7, perJudgeMax: 25, perProject: 2 } })).judging,
      ),
    ).toBe(JSON.stringify({ perProject: 2, perJudgeMax: 25, scale: 7, seed: "tide", tables: [] }));
  });
});

describe("deriveModel's prizes, judges, hosts and awards", () => {
  it("publish every key of every item in the schema's order, null or a count of 1 where the record sets none", async () => {
    const event = await derive({
      prizes: [
        { description: "The best project.", name: "Best overall", id: "best-overall" },
        {
          id: "best-sim",
          name: "Best simulation",
          value: "€500",
          count: 2,
          description: "Sim.",
          track: "sim",
        },
      ],
      judges: [
        { affiliation: "Engines Lab", name: "Ada Byron" },
        {
          prizes: ["best-sim"],
          conflicts: ["alpha-team"],
          github: "alan-t",
          name: "Alan T",
          affiliation: "Bletchley",
        },
      ],
      hosts: [{ logo: "images/host.svg", name: "Fixture Host", tier: "gold" }, { name: "Other Host" }],
      awards: [{ projects: ["alpha-bot"], name: "Best overall", prize: "best-overall" }],
    });
    expect(JSON.stringify([event.prizes, event.judges, event.hosts, event.awards])).toBe(
      JSON.stringify([
        [
          {
            id: "best-overall",
            name: "Best overall",
            value: null,
            count: 1,
            description: "The best project.",
            track: null,
          },
          {
            id: "best-sim",
            name: "Best simulation",
            value: "€500",
            count: 2,
            description: "Sim.",
            track: "sim",
          },
        ],
        [
          {
            name: "Ada Byron",
            affiliation: "Engines Lab",
            url: null,
            photo: null,
            github: null,
            conflicts: [],
            prizes: [],
          },
          {
            name: "Alan T",
            affiliation: "Bletchley",
            url: null,
            photo: null,
            github: "alan-t",
            conflicts: ["alpha-team"],
            prizes: ["best-sim"],
          },
        ],
        [
          { name: "Fixture Host", url: null, tier: "gold", logo: "images/host.svg" },
          { name: "Other Host", url: null, tier: null, logo: null },
        ],
        [{ name: "Best overall", projects: ["alpha-bot"], description: null, prize: "best-overall" }],
      ]),
    );
  });

  it("publishes empty lists for an event with no prizes or judges, and a null prize for an award", async () => {
    const event = await derive({ awards: [{ name: "Audience award", projects: ["beta-sim"] }] });
    expect([event.prizes, event.judges, event.awards]).toEqual([
      [],
      [],
      [{ name: "Audience award", projects: ["beta-sim"], description: null, prize: null }],
    ]);
  });
});

describe("deriveModel under npm run dev: entries handed on while what they are made of is the same", () => {
  const options = { baseUrl: "https://x.test/", generatedAt: "2026-11-25T00:00:00+00:00" };
  const files = { assets: [], handbook: [] };

  it("gives the same entries for the same records, and new ones where a record or what it reads changed", async () => {
    const checked = await check({ root: join(FIXTURES, "valid") });
    const records = validRecords(checked.loaded);
    const first = deriveModel(records, files, options);
    const again = deriveModel(records, files, options);
    again.projects.forEach((p, i) => expect(p).toBe(first.projects[i]));
    again.teams.forEach((t, i) => expect(t).toBe(first.teams[i]));
    // A project retitled: its team's entry lists the new title; the other team is handed on.
    const i = records.projects.findIndex((p) => p.record.teamSlug !== null);
    const project = records.projects[i]!;
    const retitled = {
      ...records,
      projects: records.projects.map((p, k) =>
        k === i ? { ...p, record: { ...p.record, title: "Renamed" } } : p,
      ),
    };
    const third = deriveModel(retitled, files, options);
    const team = third.teams.find((t) => t.slug === project.record.teamSlug)!;
    expect(team.projects.find((p) => p.slug === project.slug)!.title).toBe("Renamed");
    expect(team).not.toBe(first.teams.find((t) => t.slug === team.slug));
    const other = third.teams.find((t) => t.slug !== team.slug)!;
    expect(other).toBe(first.teams.find((t) => t.slug === other.slug));
    // Another base URL: every address follows.
    const moved = deriveModel(records, files, { ...options, baseUrl: "https://y.test/" });
    expect(moved.teams.every((t) => t.url.startsWith("https://y.test/"))).toBe(true);
    expect(moved.projects.every((p) => p.url.startsWith("https://y.test/"))).toBe(true);
  });
});
