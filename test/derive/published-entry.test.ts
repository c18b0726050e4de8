import { describe, expect, it } from "vitest";
import { PROJECT_EXTRAS, TEAM_EXTRAS } from "../../generator/contract/entry-extras.ts";
import { inlineSchema } from "../../generator/contract/inline-schema.ts";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import type { TeamRecord } from "../../generator/contract/records.ts";
import { publishEntry } from "../../generator/derive/published-entry.ts";

type Json = Record<string, unknown>;

describe("publishEntry", () => {
  it("gives every optional field of a team or project a default, so an entry never leaves one out", () => {
    const missing: string[] = [];
    const walk = (schema: Json, path: string): void => {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      for (const [name, field] of Object.entries(properties)) {
        if (!required.includes(name) && !("default" in field)) missing.push(`${path}.${name}`);
        walk(field, `${path}.${name}`);
        if (field.items) walk(field.items as Json, `${path}.${name}[]`);
      }
    };
    for (const kind of ["team", "project"] as const)
      walk(inlineSchema(recordSchemas[kind], { titles: false }), kind);
    expect(missing).toEqual([]);
  });

  it("publishes fields in schema order whatever the record's order, fills defaults and places extras", () => {
    const record: TeamRecord = {
      members: [{ skills: ["ROS 2"], name: "Ada" }],
      lookingForMembers: true,
      name: "Arms",
    };
    const entry = publishEntry("team", record, TEAM_EXTRAS, {
      slug: "arms",
      url: "https://x.test/teams/arms.html",
      skillsPresent: ["ROS 2"],
      projects: [],
    });
    expect(Object.keys(entry)).toEqual([
      "slug",
      "name",
      "lookingForMembers",
      "skillsWanted",
      "about",
      "contact",
      "members",
      "skillsPresent",
      "projects",
      "formerSlugs",
      "url",
    ]);
    expect(entry.members).toEqual([{ name: "Ada", github: null, skills: ["ROS 2"] }]);
    expect(entry.skillsWanted).toEqual([]);
    expect(entry.about).toBeNull();
    // A copy: changing the entry never changes the record it came from.
    entry.members[0]!.skills.push("CAD");
    expect(record.members[0]!.skills).toEqual(["ROS 2"]);
  });

  it("lets a value replace a record field in its place", () => {
    const record = { title: "T", tagline: "t", description: "d", team: [{ name: "A" }] };
    const entry = publishEntry("project", record, PROJECT_EXTRAS, {
      slug: "t",
      imageUrls: [],
      awards: ["Best"],
      url: "https://x.test/projects/t.html",
      table: null,
      title: "Replaced",
    });
    expect(Object.keys(entry).slice(0, 3)).toEqual(["slug", "title", "tagline"]);
    expect(entry.title).toBe("Replaced");
    expect(Object.keys(entry).slice(-4)).toEqual(["formerSlugs", "awards", "url", "table"]);
    expect(Object.keys(entry).indexOf("imageUrls")).toBe(Object.keys(entry).indexOf("images") + 1);
  });

  it("hands the same record with equal values its entry again (npm run dev), and a new one when a value changed", () => {
    const record = { title: "T", tagline: "t", description: "d", team: [{ name: "A" }] };
    const values = (table: { label: string; number: number | null; area: null } | null) => ({
      slug: "t",
      imageUrls: ["https://x.test/a.png"],
      awards: ["Best"],
      url: "https://x.test/projects/t.html",
      table,
    });
    const first = publishEntry(
      "project",
      record,
      PROJECT_EXTRAS,
      values({ label: "A1", number: null, area: null }),
    );
    // New objects, equal values: the same entry.
    expect(
      publishEntry("project", record, PROJECT_EXTRAS, values({ label: "A1", number: null, area: null })),
    ).toBe(first);
    // A value deep inside changed: a new entry that shows it.
    const moved = publishEntry(
      "project",
      record,
      PROJECT_EXTRAS,
      values({ label: "A2", number: null, area: null }),
    );
    expect(moved).not.toBe(first);
    expect(moved.table).toEqual({ label: "A2", number: null, area: null });
    // Another record object (a file read again): a new entry, even with equal values.
    const reread = { ...record };
    expect(publishEntry("project", reread, PROJECT_EXTRAS, values(null))).not.toBe(moved);
  });
});
