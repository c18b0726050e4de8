import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { publishedSchemas } from "../../../generator/contract/api-schemas.ts";
import type { EventRecord } from "../../../generator/contract/records.ts";
import { deriveModel } from "../../../generator/derive/derive-model.ts";
import { eventJson } from "../../../generator/render/api/event-json.ts";
import { bodyText, type SiteContext } from "../../../generator/render/shared/document.ts";
import { FIXTURES } from "../../helpers/fixture-root.ts";

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const BASE = "https://org.github.io/sprint/";

/** api/event.json of the valid fixture event with `extra`, published under a path prefix. */
async function eventDocument(extra: Partial<EventRecord>): Promise<Record<string, unknown>> {
  const event = parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as EventRecord;
  const model = deriveModel(
    { event: { ...event, ...extra }, teams: [], projects: [] },
    { assets: [], handbook: [] },
    { baseUrl: BASE, generatedAt: "2026-11-25T00:00:00+00:00" },
  );
  const [output] = [...eventJson.render(model, {} as SiteContext)];
  return JSON.parse(bodyText(output!)) as Record<string, unknown>;
}

describe("api/event.json", () => {
  it("gives each host's logo and judge's photo as an absolute URL beside the record's value", async () => {
    const event = await eventDocument({
      hosts: [
        { name: "Gold Co", tier: "gold", logo: "images/hosts/gold.svg" },
        { name: "Far Co", logo: "https://cdn.example.org/far.png" },
        { name: "Plain Co" },
      ],
      judges: [
        { name: "Ada Byron", affiliation: "Engines Lab", photo: "images/judges/ada.svg" },
        { name: "Alan T", affiliation: "Bletchley", url: "https://example.org/alan" },
      ],
    });
    expect(event.hosts).toEqual([
      {
        name: "Gold Co",
        url: null,
        tier: "gold",
        logo: "images/hosts/gold.svg",
        logoUrl: `${BASE}images/hosts/gold.svg`,
      },
      {
        name: "Far Co",
        url: null,
        tier: null,
        logo: "https://cdn.example.org/far.png",
        logoUrl: "https://cdn.example.org/far.png",
      },
      { name: "Plain Co", url: null, tier: null, logo: null, logoUrl: null },
    ]);
    expect(event.judges).toEqual([
      {
        name: "Ada Byron",
        affiliation: "Engines Lab",
        url: null,
        photo: "images/judges/ada.svg",
        github: null,
        conflicts: [],
        prizes: [],
        photoUrl: `${BASE}images/judges/ada.svg`,
      },
      {
        name: "Alan T",
        affiliation: "Bletchley",
        url: "https://example.org/alan",
        photo: null,
        github: null,
        conflicts: [],
        prizes: [],
        photoUrl: null,
      },
    ]);
  });

  it("validates against the published Event schema, which names the new fields and URLs", async () => {
    const event = await eventDocument({
      prizes: [{ id: "best-overall", name: "Best overall", description: "The best project.", count: 2 }],
      judges: [{ name: "Ada Byron", affiliation: "Engines Lab", photo: "images/judges/ada.svg" }],
      hosts: [{ name: "Gold Co", tier: "gold", logo: "images/hosts/gold.svg" }],
      awards: [{ name: "Best overall", projects: ["alpha-bot"], prize: "best-overall" }],
    });
    const schema = publishedSchemas().Event!;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
    type Node = { properties: Record<string, Node & { items: Node }> };
    const { properties } = schema as unknown as Node;
    expect(Object.keys(properties.hosts!.items.properties)).toEqual([
      "name",
      "url",
      "tier",
      "logo",
      "logoUrl",
    ]);
    expect(Object.keys(properties.judges!.items.properties)).toEqual([
      "name",
      "affiliation",
      "url",
      "photo",
      "github",
      "conflicts",
      "prizes",
      "photoUrl",
    ]);
    expect(Object.keys(properties.judging!.properties)).toEqual([
      "perProject",
      "perJudgeMax",
      "scale",
      "seed",
      "tables",
    ]);
    expect(event.judging).toEqual({ perProject: 3, perJudgeMax: 40, scale: 5, seed: null, tables: [] });
    expect(Object.keys(properties.prizes!.items.properties)).toEqual([
      "id",
      "name",
      "value",
      "count",
      "description",
      "track",
    ]);
    expect(Object.keys(properties.awards!.items.properties)).toContain("prize");
    // A consumer checking the published body with the schema finds a wrong URL.
    expect(validate({ ...event, judges: [{ name: "A", affiliation: "B", photoUrl: 5 }] })).toBe(false);
  });
});
