import { inlineSchema } from "../contract/inline-schema.ts";
import { recordSchemas } from "../contract/record-schemas.ts";
import type { Extras } from "../contract/entry-extras.ts";
import { samePlain } from "../cache/last-call.ts";

type Json = Record<string, unknown>;

/**
 * A record as published: every field present, in its schema's order. The schemas give each
 * optional field a default (a test holds them to it), so none is ever left out.
 */
export type Published<T> = T extends readonly (infer U)[]
  ? Published<U>[]
  : T extends object
    ? { -readonly [K in keyof T]-?: Published<Exclude<T[K], undefined>> }
    : T;

/**
 * Entries made, by record object: `npm run dev` hands unchanged records over as the same objects
 * (build-memory.ts), so their entries are the same objects too, and what later stages derived from
 * them (a view's hash) holds. A record object is never changed once checked.
 */
const made = new WeakMap<object, { values: unknown; entry: unknown }>();

/** Entries handed out again by a later build: only `npm run dev` makes any. */
const kept = new WeakSet<object>();

/**
 * Whether `entry` was made by an earlier build of this process and handed out again unchanged:
 * what is derived from it alone may be kept with it (list-json.ts, search-index.ts). Nothing is kept
 * for a build's new entries, so `npm run build` holds no more in memory than it did.
 */
export const keptFromEarlierBuild = (entry: object): boolean => kept.has(entry);

/**
 * One record → entry mapping for every kind: the record's fields in schema order (defaults where
 * it has none), copied so no entry shares an array with its record; `values` replace fields or add
 * the extras, each placed after the field its extra names.
 */
export function publishEntry<R, E>(
  kind: "team" | "project",
  record: R,
  extras: Extras<E>,
  values: E & Partial<Published<R>>,
): Published<R> & E {
  const known = made.get(record as object);
  // Compared as plain data, not as JSON text made of each of 20,000 entries' values every dev save.
  if (known && samePlain(known.values, values)) {
    kept.add(known.entry as object);
    return known.entry as Published<R> & E;
  }
  const given = values as Record<string, unknown>;
  const fields = (record ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const { name, field } of keyOrder(kind, extras))
    if (field === undefined || name in given) out[name] = given[name];
    else out[name] = copy(field, fields[name] === undefined ? field.default : fields[name]);
  made.set(record as object, { values, entry: out });
  return out as Published<R> & E;
}

const orders = new Map<string, Array<{ name: string; field?: Json }>>();

/**
 * An entry's keys in order, worked out once per kind: each extra first or after the field it names,
 * the record's fields in schema order (`field`: the field's schema; none for an extra).
 */
function keyOrder(kind: "team" | "project", extras: object): Array<{ name: string; field?: Json }> {
  let order = orders.get(kind);
  if (order) return order;
  const schema = inlineSchema(recordSchemas[kind], { titles: false });
  const placed: Array<{ name: string; field?: Json }> = (order = []);
  const place = (after: string | null): void => {
    for (const [name, extra] of Object.entries(extras as Record<string, { after: string | null }>))
      if (extra.after === after) {
        placed.push({ name });
        place(name);
      }
  };
  place(null);
  for (const [name, field] of Object.entries(schema.properties as Record<string, Json>)) {
    placed.push({ name, field });
    place(name);
  }
  orders.set(kind, order);
  return order;
}

function copy(schema: Json, value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => copy((schema.items as Json) ?? {}, item));
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties || value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(properties).map(([name, field]) => {
      const inner = (value as Record<string, unknown>)[name];
      return [name, copy(field, inner === undefined ? field.default : inner)];
    }),
  );
}
