import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publishedSchemas } from "../../../generator/contract/api-schemas.ts";
import { schemaFields } from "../../../generator/render/pages/schema-fields.ts";
import { buildSite } from "../../helpers/build-site.ts";
import { fixtureRoot } from "../../helpers/fixture-root.ts";

describe("schemaFields of the published event", () => {
  const fields = new Map(schemaFields(publishedSchemas().Event as never).map((f) => [f.name, f]));

  it("lists the prizes, judges, hosts' tiers and logos and awards' prizes, each with its type and meaning", () => {
    expect(fields.get("prizes[].count")).toEqual({
      name: "prizes[].count",
      type: "integer",
      meaning: "How many of this prize are given: 2 when two projects each win one.",
    });
    expect(fields.get("prizes[].track")?.meaning).toBe(
      "The track whose projects compete for it, or null when every project does.",
    );
    expect(fields.get("hosts[].tier")?.type).toBe(
      'one of "host", "gold", "silver", "bronze", "partner", null',
    );
    expect(fields.get("judges[].photoUrl")).toEqual({
      name: "judges[].photoUrl",
      type: "string (URL) or null",
      meaning: "The photo as an absolute URL, or null.",
    });
    for (const name of [
      "prizes[].id",
      "prizes[].value",
      "judges[].affiliation",
      "hosts[].logoUrl",
      "awards[].prize",
    ])
      expect(fields.get(name)?.meaning, name).toMatch(/\S/);
  });

  it("are the rows of the developer page's event table", async () => {
    const page = await readFile(
      join(await buildSite(await fixtureRoot(), "https://example.org/"), "developers.html"),
      "utf8",
    );
    for (const name of ["prizes[].value", "judges[].photo", "hosts[].tier", "awards[].prize"])
      expect(page).toContain(`<code>${name}</code>`);
  });
});
