import { existsSync } from "node:fs";
import { cp, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, check } from "../../generator/pipeline.ts";
import { buildSite } from "../helpers/build-site.ts";
import { fixtureRoot, rootWithRecord } from "../helpers/fixture-root.ts";
import { HOSTILE, expected, type Expected } from "./hostile-expected.ts";

const rootWith = (fixture: string) => rootWithRecord(HOSTILE, fixture);

const corpus = (
  await Promise.all(
    ["event", "teams", "projects"].map(async (kind) =>
      (await readdir(join(HOSTILE, kind))).map((name) => `${kind}/${name}`),
    ),
  )
)
  .flat()
  .sort();

describe("the hostile record corpus (test/fixtures/hostile)", () => {
  it("has an expected diagnostic list for every file and a file for every list", () => {
    expect(corpus).toEqual(Object.keys(expected).sort());
  });

  for (const fixture of corpus) {
    it(`${fixture}`, async () => {
      const { root, file } = await rootWith(fixture);
      const result = await check({ root });
      const want: Expected[] = expected[fixture] ?? [];
      const got = result.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.severity, d.message]);
      expect(got).toEqual(
        want.map(([line, column, rule, severity, message]) => [file, line, column, rule, severity, message]),
      );
      for (const d of result.diagnostics) {
        expect(d.expected, `${d.rule} names what was expected`).toBeTruthy();
        expect(d.found, `${d.rule} names what was found`).toBeTruthy();
        expect(d.fix, `${d.rule} says how to fix it`).toBeTruthy();
      }
      expect(result.ok).toBe(want.every(([, , , severity]) => severity === "warning"));
    });
  }

  it("leaves no trace of __proto__ or constructor keys on any object", async () => {
    const { root } = await rootWith("teams/proto-key.yaml");
    await cp(join(HOSTILE, "teams/constructor-key.yaml"), join(root, "records/teams/constructor-key.yaml"));
    await check({ root });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("isAdmin");
  });

  it("reports the whole corpus in one run without crashing", async () => {
    const root = await fixtureRoot();
    for (const fixture of corpus.filter((f) => !f.startsWith("event/")))
      await cp(join(HOSTILE, fixture), join(root, "records", fixture));
    const result = await check({ root });
    expect(result.ok).toBe(false);
    // Nothing of it reaches a published site: the build stops before writing anything.
    const out = join(root, "dist");
    const built = await build({ root, outDir: out, baseUrl: "https://example.org/" });
    expect(built.ok).toBe(false);
    expect(existsSync(out)).toBe(false);
    const files = new Set(result.diagnostics.map((d) => d.file));
    for (const [fixture, want] of Object.entries(expected))
      if (!fixture.startsWith("event/") && want.length > 0) expect(files).toContain(`records/${fixture}`);
  });
});

describe("records that YAML 1.1 would read differently are published as written", () => {
  async function published(fixture: string): Promise<{ teams: unknown; event: unknown; projects: unknown }> {
    const { root } = await rootWith(fixture);
    const out = await buildSite(root, "https://example.org/");
    const read = async (name: string) => JSON.parse(await readFile(join(out, "api", name), "utf8"));
    return {
      teams: await read("teams.json"),
      event: await read("event.json"),
      projects: await read("projects.json"),
    };
  }

  it("keeps 1:30:00, 1_000 and 0b101 as text", async () => {
    const { teams } = await published("teams/yaml11-sexagesimal-stays-text.yaml");
    expect((teams as { data: unknown[] }).data).toContainEqual(
      expect.objectContaining({
        slug: "yaml11-sexagesimal-stays-text",
        name: "1:30:00",
        members: [{ name: "190:20:30", github: "190-20-30", skills: ["1_000", "0b101", "12:30"] }],
      }),
    );
  });

  it("keeps yes, no, off and y as text", async () => {
    const { teams } = await published("teams/yaml11-words-stay-text.yaml");
    expect((teams as { data: unknown[] }).data).toContainEqual(
      expect.objectContaining({
        slug: "yaml11-words-stay-text",
        name: "no",
        members: [{ name: "no", github: "no", skills: ["yes", "off", "y", "NULL_ISLAND"] }],
      }),
    );
  });

  it("keeps unquoted dates as the dates written", async () => {
    const { event } = await published("event/event-dates-unquoted.yaml");
    expect(event).toMatchObject({
      startDate: "2026-12-05",
      endDate: "2026-12-06",
      schedule: [{ start: "2026-12-05T09:00:00+01:00" }],
    });
  });

  it("reads a record with a byte-order mark without the mark", async () => {
    const { projects } = await published("projects/encoding-bom.yaml");
    expect(
      (projects as { data: Array<{ slug: string; title: string }> }).data.map((p) => [p.slug, p.title]),
    ).toContainEqual(["encoding-bom", "Hostile"]);
  });
});
