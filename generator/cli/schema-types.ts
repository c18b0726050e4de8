import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import prettier from "prettier";
import { inlineSchema } from "../contract/inline-schema.ts";

/**
 * Generates `generator/contract/records.ts` from `records/schemas/`, so the code's record types come
 * from the schemas. `--check` fails when the committed file is stale (a test runs it).
 */
const schemasDir = fileURLToPath(new URL("../../records/schemas/", import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL("../contract/records.ts", import.meta.url));

export async function renderRecordTypes(): Promise<string> {
  const banner = "// Generated from records/schemas/ by `npm run schema:types`. Do not edit by hand.";
  const parts = [banner];
  for (const [name, file] of [
    ["EventRecord", "event.schema.json"],
    ["TeamRecord", "team.schema.json"],
    ["ProjectRecord", "project.schema.json"],
  ] as const) {
    const source = JSON.parse(await readFile(schemasDir + file, "utf8")) as Record<string, unknown>;
    // Titles are phrases for people ("a list of skills") and would become noisy type names.
    const schema = inlineSchema(source, { titles: false }) as JSONSchema;
    const ts = await compile(schema, name, {
      bannerComment: "",
      cwd: schemasDir,
      additionalProperties: false,
      strictIndexSignatures: true,
      maxItems: -1,
    });
    parts.push(ts);
  }
  const options = (await prettier.resolveConfig(TYPES_FILE)) ?? {};
  return prettier.format(parts.join("\n"), { ...options, parser: "typescript" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await renderRecordTypes();
  if (process.argv.includes("--check")) {
    const current = await readFile(TYPES_FILE, "utf8").catch(() => "");
    if (current !== text) {
      console.error(`${TYPES_FILE} is stale: run npm run schema:types`);
      process.exit(1);
    }
  } else await writeFile(TYPES_FILE, text);
}
