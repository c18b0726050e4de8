import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SCHEMAS_DIR } from "../record-layout.ts";
import { SCHEMA_FILES } from "./record-schemas.ts";

export const TYPES_PATH = "generator/contract/records.ts";
const BANNER = "// Generated from records/schemas/ by `npm run schema:types`. Do not edit by hand. Stamp: ";

/**
 * The types file's first line carries a hash of the schemas it was made from and of its own text,
 * so checking it (Validate does, at run time) needs no code generator: a hand edit or a schema
 * changed without running `npm run schema:types` no longer matches.
 */
export async function stampTypes(root: string, body: string): Promise<string> {
  return `${BANNER}${await stampOf(root, body)}\n${body}`;
}

/** Whether the committed types file is what its stamp says: made from these schemas, unedited. */
export async function typesAreCurrent(root: string): Promise<boolean> {
  const text = await readFile(join(root, TYPES_PATH), "utf8").catch(() => "");
  const newline = text.indexOf("\n");
  const first = text.slice(0, newline);
  if (newline < 0 || !first.startsWith(BANNER)) return false;
  return first.slice(BANNER.length) === (await stampOf(root, text.slice(newline + 1)));
}

async function stampOf(root: string, body: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of ["common.schema.json", ...Object.values(SCHEMA_FILES)])
    hash.update(`\0${file}\0`).update(await readFile(join(root, SCHEMAS_DIR, file)));
  return hash.update("\0types\0").update(body).digest("hex");
}
