import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addFormats } from "../../generator/validate/schemas.ts";
import { generatedEvent, type GeneratedEvent } from "./arbitraries.ts";
import { buildGenerated } from "./build-generated.ts";
import { executableParts, markupOf } from "./executable-parts.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

/**
 * Properties of the whole pipeline over generated events: valid records of any content build into
 * documents their own OpenAPI description accepts, pages carry every record value as text and
 * never as markup or script, and every record in is one entry out. Each runs 1,000 events.
 */
// Every page links the site's own script relatively, from its own folder; the not-found page, which
// answers at any depth, absolutely from the base URL. The judging pages link the judging script too.
const SITE_SCRIPT = /^((\.\.\/)*|https:\/\/example\.org\/)assets\/(site|judging)\.js\?v=[0-9a-f]+$/;
const ENDPOINTS = ["/api/index.json", "/api/event.json", "/api/teams.json", "/api/projects.json"];

async function built(generated: GeneratedEvent): Promise<Map<string, string>> {
  const result = await buildGenerated(generated);
  if (!result.ok)
    throw new Error(
      `generated records did not validate: ${JSON.stringify(result.diagnostics.filter((d) => d.severity === "error"))}`,
    );
  return result.outputs;
}

/**
 * The markup of an event whose texts are all "x" and whose description uses every Markdown
 * construct: what the templates and the Markdown renderer write on their own.
 */
const templates = new Set<string>();
const MARKDOWN =
  "# h\n\n## h2\n\n### h3\n\n**b** *i* `c` [l](https://example.org/l) ![i](https://example.org/i.png)\n\n" +
  "```\ncode\n```\n\n```ts\ntyped\n```\n\n- a\n- b\n\n1. a\n2. b\n\n> quote\n\n---\n\nline  \nbreak\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
beforeAll(async () => {
  const plain = fc.sample(generatedEvent, { seed: 1, numRuns: 1 })[0]!;
  for (const key of Object.keys(plain.texts)) (plain.texts as Record<string, string>)[key] = "x";
  const person = { name: "x", github: "x" };
  const outputs = await built({
    texts: plain.texts,
    teams: [
      [
        "t",
        { name: "x", lookingForMembers: true, skillsWanted: ["x"], members: [{ ...person, skills: ["x"] }] },
      ],
    ],
    projects: [
      [
        "p",
        {
          ...{
            title: "x",
            tagline: "x",
            track: "sim",
            robots: ["x"],
            description: MARKDOWN,
            team: [person],
            teamSlug: "t",
          },
          ...{ video: "https://example.org/v", repo: "https://example.org/r", images: ["images/alpha.svg"] },
        },
      ],
    ],
  });
  for (const [, page] of pagesOf(outputs)) for (const markup of markupOf(page)) templates.add(markup);
});

const pagesOf = (outputs: Map<string, string>) => [...outputs].filter(([path]) => path.endsWith(".html"));

describe("properties of generated events", () => {
  it(`every valid event builds into documents openapi.json accepts, with every record value escaped (${PROPERTY_RUNS} runs)`, async () => {
    let validators: Map<string, ReturnType<Ajv2020["compile"]>> | undefined;
    await fc.assert(
      fc.asyncProperty(generatedEvent, async (generated) => {
        const outputs = await built(generated);
        if (!validators) {
          // The contract is the same for every event with this base URL; compile it once.
          const spec = JSON.parse(outputs.get("openapi.json")!) as {
            paths: Record<
              string,
              {
                get: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
              }
            >;
          };
          const ajv = new Ajv2020({ strict: false, allErrors: true });
          addFormats(ajv);
          ajv.addSchema(spec, "openapi.json");
          validators = new Map(
            ENDPOINTS.map((path) => {
              const ref = spec.paths[path]!.get.responses["200"]!.content["application/json"]!.schema.$ref;
              return [path, ajv.getSchema(`openapi.json${ref}`)!];
            }),
          );
        }
        for (const [path, validate] of validators) {
          const ok = validate(JSON.parse(outputs.get(path.slice(1))!));
          expect(ok, `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
        // Record text is escaped: it never adds an element or attribute the templates do not write.
        for (const [path, page] of pagesOf(outputs))
          expect(
            [...markupOf(page)].filter((markup) => !templates.has(markup)),
            path,
          ).toEqual([]);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 600_000);

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
