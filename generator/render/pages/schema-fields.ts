import { html, type Html } from "../shared/html.ts";
import { stackedTable } from "../shared/stacked-table.ts";

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  description?: string;
  title?: string;
};

export interface Field {
  name: string;
  type: string;
  meaning: string;
}

/**
 * The fields of a published schema, flattened for people: nested lists of objects appear as
 * `members[].name`. Derived from the same schemas that feed validation, so the page cannot drift.
 */
export function schemaFields(schema: Schema, prefix = ""): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const field = {
      name,
      type: typeName(property),
      meaning: property.description ?? sentence(property.title),
    };
    const nested = property.items?.properties ? schemaFields(property.items, `${name}[].`) : [];
    const inner = property.properties ? schemaFields(property, `${name}.`) : [];
    return [field, ...nested, ...inner];
  });
}

function typeName(schema: Schema): string {
  if (schema.const !== undefined) return `constant ${JSON.stringify(schema.const)}`;
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["any"];
  return types
    .map((type) => {
      if (type === "array") return `array of ${schema.items ? plural(typeName(schema.items)) : "values"}`;
      if (type === "string" && schema.format) return `string (${FORMATS[schema.format] ?? schema.format})`;
      return type;
    })
    .join(" or ");
}

const FORMATS: Record<string, string> = {
  uri: "URL",
  "date-time": "ISO 8601 date-time",
  date: "ISO 8601 date",
};

function plural(type: string): string {
  return type.replace(/^(string|object|integer|number|boolean)/, "$1s");
}

function sentence(title: string | undefined): string {
  if (!title) return "";
  return `${title[0]!.toUpperCase()}${title.slice(1)}.`;
}

/** A field table, stacked on a phone. */
export function fieldTable(fields: readonly Field[], caption: string): Html {
  return stackedTable({
    label: caption,
    caption: html`${caption}`,
    columns: ["Field", "Type", "Meaning"],
    rows: fields.map((f) => [html`<code>${f.name}</code>`, f.type, f.meaning]),
  });
}
