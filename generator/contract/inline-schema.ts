import { recordSchemas } from "./record-schemas.ts";

type Json = Record<string, unknown>;

/**
 * A record schema with every `$ref` replaced by what it points to (within the record schemas), so it
 * can stand alone in generated types and in openapi.json. `titles: false` drops title phrases.
 */
export function inlineSchema(schema: Json, options: { titles: boolean }): Json {
  return inline(schema, schema, options) as Json;
}

function inline(node: unknown, root: Json, options: { titles: boolean }): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, root, options));
  if (!node || typeof node !== "object") return node;
  const { $ref, ...rest } = node as Json;
  const target = typeof $ref === "string" ? resolve($ref, root, options) : {};
  const out: Json = {};
  for (const [key, value] of Object.entries({ ...target, ...rest })) {
    if (key === "$defs" || key === "$schema" || key === "$id") continue;
    if (key === "title" && typeof value === "string" && !options.titles) continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, inline(v, root, options)]))
        : inline(value, root, options);
  }
  return out;
}

function resolve(ref: string, root: Json, options: { titles: boolean }): Json {
  const [file, pointer = ""] = ref.split("#");
  const document = file
    ? (recordSchemas[file.replace(".schema.json", "") as keyof typeof recordSchemas] as Json)
    : root;
  const target = pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((node, key) => (node as Json)[key], document);
  return inline(target, document, options) as Json;
}
