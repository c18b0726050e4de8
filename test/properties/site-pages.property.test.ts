import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generatedEvent } from "./arbitraries.ts";
import { builtOutputs as built, pagesOf } from "./build-generated.ts";
import { executableParts } from "./executable-parts.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

/**
 * Properties of the whole pipeline over generated events, beside site.property.test.ts: no record
 * text makes a page run a script, and every record in is one entry and one page out. Each runs
 * 1,000 events in CI.
 */
// Every page links the site's own script relatively, from its own folder; the not-found page, which
// answers at any depth, absolutely from the base URL. The judging pages link the judging script too.
const SITE_SCRIPT = /^((\.\.\/)*|https:\/\/example\.org\/)assets\/(site|judging)\.js\?v=[0-9a-f]+$/;

describe("properties of generated events' pages", () => {
  it(`no record text ever makes a page run a script or load a script URL (${PROPERTY_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(generatedEvent, async (generated) => {
        for (const [path, page] of pagesOf(await built(generated)))
          expect(executableParts(page, SITE_SCRIPT), path).toEqual([]);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 600_000);

  it(`every record in is one entry and one page out (${PROPERTY_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(generatedEvent, async (generated) => {
        const outputs = await built(generated);
        const list = (name: string) =>
          JSON.parse(outputs.get(`api/${name}.json`)!) as { count: number; data: Array<{ slug: string }> };
        const teams = list("teams");
        const projects = list("projects");
        const slugs = (entries: Array<[string, unknown]>) => entries.map(([slug]) => slug).sort();
        expect(teams.count).toBe(generated.teams.length);
        expect(teams.data.map((t) => t.slug).sort()).toEqual(slugs(generated.teams));
        expect(projects.count).toBe(generated.projects.length);
        expect(projects.data.map((p) => p.slug).sort()).toEqual(slugs(generated.projects));
        const pages = [...outputs.keys()];
        expect(pages.filter((p) => /^teams\/[^/]+\.html$/.test(p) && p !== "teams/index.html").length).toBe(
          generated.teams.length,
        );
        expect(
          pages.filter((p) => /^projects\/[^/]+\.html$/.test(p) && p !== "projects/index.html").length,
        ).toBe(generated.projects.length);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 600_000);
});
