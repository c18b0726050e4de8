import type { ErrorObject, ValidateFunction } from "ajv";
import editionSchema from "../contract/edition.schema.json" with { type: "json" };
import { describeFound, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { parseErrorPosition, positionOf } from "../judging/json-position.ts";
import { EDITION_FILE, type EditionFolder } from "../load/list-editions.ts";
import { ajv } from "./schemas.ts";

/** An archived edition whose manifest holds: where it is and the dates its last build had. */
export interface Edition {
  id: string;
  /** `editions/<id>`, relative to the repository. */
  folder: string;
  generatedAt: string;
  /** ISO times by record path under the edition's folder (`records/teams/<slug>.yaml`). */
  recordDates: ReadonlyMap<string, string>;
}

let compiled: ValidateFunction | undefined;
const validator = () => (compiled ??= ajv.getSchema(editionSchema.$id) ?? ajv.compile(editionSchema));

/**
 * Checks each edition's `edition.json` against its schema (generator/contract/edition.schema.json),
 * that its id is its folder's name, and that the id is no name the site already takes at its root
 * (`reserved`: api, teams, editions, …). Collects every problem, pointing at the file and line.
 */
export function checkEditions(
  found: readonly EditionFolder[],
  reserved: ReadonlySet<string>,
): { editions: Edition[]; diagnostics: Diagnostic[] } {
  const editions: Edition[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { name, folder, text } of found) {
    const file = `${folder}/${EDITION_FILE}`;
    const error = (
      at: { line: number; column: number },
      message: string,
      expected: string,
      found: string,
      fix: string,
    ) =>
      diagnostics.push({
        file,
        ...at,
        severity: "error",
        rule: "edition-manifest",
        message,
        expected,
        found,
        fix,
      });
    if (text === undefined) {
      error(
        { line: 1, column: 1 },
        `${file} must exist (found no such file)`,
        "the edition's manifest",
        "no such file",
        `Archive editions with npm run init -- --next-edition, which writes ${file}; or remove ${folder}/.`,
      );
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      error(
        parseErrorPosition(text, (e as Error).message),
        `${file} must be JSON (${(e as Error).message})`,
        "JSON",
        "text JSON cannot read",
        "Fix the JSON at this place, or write the file again.",
      );
      continue;
    }
    const validate = validator();
    if (!validate(value)) {
      // One mistake, one error: a value that breaks its format and its pattern is told once.
      const told = new Set<string>();
      for (const e of validate.errors ?? []) {
        const at = `${e.instancePath} ${(e.params as { propertyName?: string }).propertyName ?? ""}`;
        if (told.has(at)) continue;
        told.add(at);
        error(
          placeOf(text, e),
          `${file}: ${where(e)} must be ${expectedOf(e)} (found ${describeFound(e.data)})`,
          expectedOf(e),
          describeFound(e.data),
          "Write it as generator/contract/edition.schema.json says.",
        );
      }
      continue;
    }
    const manifest = value as { id: string; generatedAt: string; recordDates: Record<string, string> };
    const at = placeOf(text, { instancePath: "/id" });
    if (manifest.id !== name) {
      error(
        at,
        `${file}: id must be the folder's name, ${JSON.stringify(name)} (found ${JSON.stringify(manifest.id)})`,
        JSON.stringify(name),
        JSON.stringify(manifest.id),
        `Rename the folder to ${folder.replace(/[^/]+$/, manifest.id)} or set id to "${name}".`,
      );
      continue;
    }
    if (reserved.has(manifest.id)) {
      error(
        at,
        `${file}: id must not be a name the site uses at its root (found ${JSON.stringify(manifest.id)})`,
        "an id no page of the site takes, such as the start year",
        JSON.stringify(manifest.id),
        `Rename the folder and the id (npm run init -- --next-edition --edition <id> picks one).`,
      );
      continue;
    }
    editions.push({
      id: manifest.id,
      folder,
      generatedAt: manifest.generatedAt,
      recordDates: new Map(Object.entries(manifest.recordDates)),
    });
  }
  return { editions, diagnostics };
}

/** `id`, `recordDates["records/teams/x.yaml"]`, or the file itself. */
function where(e: Pick<ErrorObject, "instancePath" | "params">): string {
  const name = (e.params as { propertyName?: string }).propertyName;
  if (name !== undefined)
    return `the key ${JSON.stringify(name)} of ${e.instancePath.slice(1) || "the file"}`;
  return e.instancePath.slice(1).replaceAll("~1", "/").replaceAll("~0", "~") || "the file";
}

function expectedOf(e: ErrorObject): string {
  const schema = e.parentSchema as { title?: string } | undefined;
  if (e.keyword === "required")
    return `an object with ${(e.params as { missingProperty: string }).missingProperty}`;
  if (e.keyword === "additionalProperties")
    return `no key ${(e.params as { additionalProperty: string }).additionalProperty}`;
  return schema?.title ?? e.message ?? "what the schema says";
}

/** Where the value an error names sits: at its key's first mention, else the file's start. */
function placeOf(
  text: string,
  e: Pick<ErrorObject, "instancePath"> & { params?: object },
): { line: number; column: number } {
  const name = e.params as { propertyName?: string; additionalProperty?: string } | undefined;
  const key =
    name?.propertyName ??
    name?.additionalProperty ??
    e.instancePath.split("/").pop()?.replaceAll("~1", "/").replaceAll("~0", "~");
  const offset = key ? text.indexOf(JSON.stringify(key)) : -1;
  return offset < 0 ? { line: 1, column: 1 } : positionOf(text, offset);
}
