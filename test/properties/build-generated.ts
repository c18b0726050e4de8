import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { renderSite } from "../../generator/render/render-site.ts";
import { FIXTURES } from "../helpers/fixture-root.ts";
import type { GeneratedEvent } from "./arbitraries.ts";

export const BASE = "https://example.org/";
// Thousands of small builds: on tmpfs where the machine has room (vitest.config.ts sets TMPDIR).
const SCRATCH = tmpdir();
const fixtureEvent = parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as Record<
  string,
  unknown
>;

/** The fixture event with its text fields replaced by the generated ones. */
function eventRecord({ texts }: GeneratedEvent): unknown {
  const event = structuredClone(fixtureEvent) as Record<string, unknown>;
  const first = (list: string) => (event[list] as Array<Record<string, unknown>>)[0]!;
  event.name = texts.name;
  event.tagline = texts.tagline;
  event.venue = { name: texts.venue, address: texts.address };
  first("schedule").title = texts.session;
  first("hosts").name = texts.host;
  first("tracks").name = texts.trackName;
  first("tracks").description = texts.trackDescription;
  first("robots").name = texts.robotName;
  first("robots").description = texts.robotDescription;
  first("judgingCriteria").name = texts.criterion;
  first("judgingCriteria").description = texts.criterionDescription;
  return event;
}

/**
 * YAML without folded lines: the yaml package's folding can split a surrogate pair across lines
 * (seen with U+10000), which the file's UTF-8 then turns into two U+FFFD.
 */
const toYaml = (value: unknown) => stringify(value, { lineWidth: 0 });

export type GeneratedBuild =
  { ok: true; outputs: Map<string, string> } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Writes a generated event as YAML record files, then runs the real pipeline on them (load,
 * validate, derive, render); the rendered files are returned instead of written.
 */
export async function buildGenerated(generated: GeneratedEvent): Promise<GeneratedBuild> {
  const root = await mkdtemp(join(SCRATCH, "property-"));
  try {
    await mkdir(join(root, "records/teams"), { recursive: true });
    await mkdir(join(root, "records/projects"), { recursive: true });
    await cp(join(FIXTURES, "valid/site"), join(root, "site"), { recursive: true });
    await writeFile(join(root, "records/event.yaml"), toYaml(eventRecord(generated)));
    for (const [slug, team] of generated.teams)
      await writeFile(join(root, `records/teams/${slug}.yaml`), toYaml(team));
    for (const [slug, project] of generated.projects)
      await writeFile(join(root, `records/projects/${slug}.yaml`), toYaml(project));
    const derived = await deriveSite({ root, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
    if (!derived.ok) return { ok: false, diagnostics: derived.diagnostics };
    return { ok: true, outputs: new Map(renderSite(derived.model).map((o) => [o.path, o.body])) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The documents a generated event builds into, by path; records that do not validate fail the test. */
export async function builtOutputs(generated: GeneratedEvent): Promise<Map<string, string>> {
  const result = await buildGenerated(generated);
  if (!result.ok)
    throw new Error(
      `generated records did not validate: ${JSON.stringify(result.diagnostics.filter((d) => d.severity === "error"))}`,
    );
  return result.outputs;
}

/** The HTML pages among a build's documents. */
export const pagesOf = (outputs: Map<string, string>) =>
  [...outputs].filter(([path]) => path.endsWith(".html"));

/** Every string in a generated event's records. */
export function textsOf(generated: GeneratedEvent): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk([Object.values(generated.texts), generated.teams, generated.projects]);
  return found;
}
