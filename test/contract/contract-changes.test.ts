import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractChanges, unannounced } from "../../generator/contract/contract-changes.ts";
import { FIXTURES } from "../helpers/fixture-root.ts";

const fixture = async (name: string) => JSON.parse(await readFile(join(FIXTURES, "contract", name), "utf8"));
const changes = async (name: string) =>
  contractChanges(await fixture("openapi-held.json"), await fixture(name));

describe("contractChanges", () => {
  it("finds nothing between a document and itself", async () => {
    expect(await changes("openapi-held.json")).toEqual([]);
  });

  it("names a dropped field", async () => {
    expect(await changes("openapi-field-dropped.json")).toEqual([
      { kind: "removed", place: "Thing.tags", detail: "the field is gone" },
    ]);
  });

  it("names a retyped field", async () => {
    expect(await changes("openapi-field-retyped.json")).toEqual([
      { kind: "retyped", place: "Thing.size", detail: "was integer, now string" },
    ]);
  });

  it("names a value narrowed by a lost enum value and a tighter bound", async () => {
    expect(await changes("openapi-value-narrowed.json")).toEqual([
      { kind: "narrowed", place: "Thing.slug", detail: "maxLength was 80, now 40" },
      { kind: "narrowed", place: "Thing.track", detail: 'no longer allows "hardware"' },
    ]);
  });

  it("names a dropped endpoint and the one that replaced it", async () => {
    expect(await changes("openapi-endpoint-dropped.json")).toEqual([
      { kind: "removed", place: "GET /api/things.json 200", detail: "the endpoint is gone" },
      { kind: "added", place: "/api/stuff.json", detail: "new endpoint" },
    ]);
  });

  it("sees an added field and wider values as additions only", async () => {
    expect(await changes("openapi-field-added.json")).toEqual([
      { kind: "added", place: "Thing.colour", detail: "new field" },
    ]);
  });
});

describe("unannounced", () => {
  it("passes an addition the changelog names in backticks and refuses one it does not", async () => {
    const added = await changes("openapi-field-added.json");
    const changelog = await readFile(join(FIXTURES, "contract", "changelog-field-added.md"), "utf8");
    expect(unannounced(added, changelog)).toEqual([]);
    expect(unannounced(added, "# Changes\n\n- Added colour to things.\n")).toEqual(added);
  });

  it("asks nothing of removals: they fail on their own", async () => {
    expect(unannounced(await changes("openapi-field-dropped.json"), "")).toEqual([]);
  });
});
