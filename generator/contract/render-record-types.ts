import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import prettier from "prettier";
import { REPO_ROOT } from "../repo-root.ts";
import { inlineSchema } from "./inline-schema.ts";

import { stampTypes, TYPES_PATH } from "./types-stamp.ts";

export { REPO_ROOT, TYPES_PATH };

/** `generator/contract/records.ts` as `npm run schema:types` writes it from `records/schemas/`. */
export async function renderRecordTypes(root = REPO_ROOT): Promise<string> {
  const schemasDir = join(root, "records/schemas/");
  const parts: string[] = [];
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
      ignoreMinAndMaxItems: true,
    });
    parts.push(ts);
  }
  const typesFile = join(root, TYPES_PATH);
  const options = (await prettier.resolveConfig(typesFile)) ?? {};
  return stampTypes(root, await prettier.format(parts.join("\n"), { ...options, parser: "typescript" }));
}
