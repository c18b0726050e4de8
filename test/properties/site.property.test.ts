import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addFormats } from "../../generator/validate/schemas.ts";
import { generatedEvent } from "./arbitraries.ts";
import { builtOutputs as built, pagesOf } from "./build-generated.ts";
import { markupOf } from "./executable-parts.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

/**
 * Properties of the whole pipeline over generated events: valid records of any content build into
 * documents their own OpenAPI description accepts, and pages carry every record value as text,
 * never as markup. No script, and one entry per record: site-pages.property.test.ts (a file of its
 * own, so vitest's two workers share the work). Each runs 1,000 events in CI.
 */
const ENDPOINTS = ["/api/index.json", "/api/event.json", "/api/teams.json", "/api/projects.json"];

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
});
