import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The checks of ../shared/reference/discovery.md §3 for the ARD v0.9 catalog. The ARD JSON Schema
 * itself is not on npm and is not vendored here, so its rules that apply are restated as checks.
 */
type Entry = Record<string, unknown> & {
  identifier: string;
  displayName: string;
  type: string;
  url?: string;
};
type Catalog = { specVersion: string; host: Record<string, string>; entries: Entry[] };

let server: Server;
let site: string;
let catalog: Catalog;
let type: string | null;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  const response = await fetch(`${site}.well-known/ai-catalog.json`);
  type = response.headers.get("content-type");
  catalog = (await response.json()) as Catalog;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ENTRY_KEYS = [
  "identifier",
  "displayName",
  "type",
  "url",
  "data",
  "description",
  "tags",
  "capabilities",
  "representativeQueries",
  "version",
  "updatedAt",
  "metadata",
  "trustManifest",
];

describe("the AI catalog", () => {
  it("has only the members the ARD schema allows, at every level", () => {
    expect(Object.keys(catalog).sort()).toEqual(["entries", "host", "specVersion"]);
    expect(catalog.specVersion).toBe("1.0");
    expect(
      Object.keys(catalog.host).every((k) =>
        ["displayName", "identifier", "documentationUrl", "logoUrl", "trustManifest"].includes(k),
      ),
    ).toBe(true);
    expect(catalog.host.displayName).toBe("Physical AI Sprint 2026");
    for (const entry of catalog.entries)
      expect(Object.keys(entry).filter((k) => !ENTRY_KEYS.includes(k))).toEqual([]);
  });

  it("names every entry with a urn:air URN whose publisher is the site's host, and gives exactly one of url and data", () => {
    const host = new URL(site).hostname;
    for (const entry of catalog.entries) {
      expect(entry.identifier).toMatch(/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/);
      expect(entry.identifier.split(":")[2]).toBe(host);
      expect(entry.displayName).toMatch(/\S/);
      expect(typeof entry.type).toBe("string");
      expect("url" in entry !== "data" in entry).toBe(true);
      if (entry.representativeQueries)
        expect((entry.representativeQueries as string[]).length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(catalog.entries.map((e) => e.identifier)).size).toBe(catalog.entries.length);
  });

  it("points at the OpenAPI description, the A2A card and the skills index, all of which resolve", async () => {
    expect(catalog.entries.map((e) => [e.type, e.url])).toEqual([
      ["application/openapi+json", `${site}openapi.json`],
      ["application/a2a-agent-card+json", `${site}.well-known/agent-card.json`],
      ["application/agent-skills+json", `${site}.well-known/agent-skills/index.json`],
    ]);
    for (const entry of catalog.entries) expect((await fetch(entry.url!)).status, entry.url).toBe(200);
  });

  it("is served by the local server as application/ai-catalog+json", () => {
    expect(type).toBe("application/ai-catalog+json");
  });
});
