type Json = Record<string, unknown>;

/** One difference between a held and a built OpenAPI document, at a readable place. */
export interface ContractChange {
  kind: "removed" | "retyped" | "narrowed" | "added";
  /** `GET /api/teams.json 200`, `ProjectEntry.imageUrls`, `Event.tracks[].id`. */
  place: string;
  detail: string;
}

/** Bounds that may only grow (max*) or shrink (min*) without turning a valid value invalid. */
const UPPER = ["maxLength", "maxItems", "maximum", "maxProperties"];
const LOWER = ["minLength", "minItems", "minimum", "minProperties"];
/** Constraints whose any change (or appearance) may refuse a value that was valid. */
const EXACT = ["pattern", "format", "const", "uniqueItems", "exclusiveMinimum", "exclusiveMaximum"];

/**
 * What changed from `held` to `built`, by the API's promise: fields and endpoints are only added.
 * Everything but `added` breaks a client written against `held`.
 */
export function contractChanges(held: Json, built: Json): ContractChange[] {
  const changes: ContractChange[] = [];
  const resolve =
    (doc: Json) =>
    (node: Json): Json => {
      const ref = node.$ref;
      if (typeof ref !== "string" || !ref.startsWith("#/")) return node;
      return ref
        .slice(2)
        .split("/")
        .reduce<Json>((at, key) => (at?.[key] ?? {}) as Json, doc);
    };
  const before = resolve(held);
  const after = resolve(built);

  const compare = (a: Json, b: Json, place: string, seen: Set<Json>): void => {
    // A shared schema is reported under its own name, wherever it is reached from.
    if (typeof a.$ref === "string") place = a.$ref.split("/").pop()!;
    a = before(a);
    b = after(b);
    if (seen.has(a)) return;
    seen = new Set(seen).add(a);
    const typesA = types(a);
    const typesB = types(b);
    const lost = [...typesA].filter((t) => !typesB.has(t) && !(t === "integer" && typesB.has("number")));
    if (typesA.size && typesB.size && lost.length)
      changes.push({
        kind: lost.length === typesA.size ? "retyped" : "narrowed",
        place,
        detail: `was ${[...typesA].join(" or ")}, now ${[...typesB].join(" or ")}`,
      });
    narrowedValues(a, b, place, changes);
    const propsA = (a.properties ?? {}) as Record<string, Json>;
    const propsB = (b.properties ?? {}) as Record<string, Json>;
    const requiredB = new Set((b.required ?? []) as string[]);
    for (const name of Object.keys(propsA)) {
      const at = `${place}.${name}`;
      if (!propsB[name]) changes.push({ kind: "removed", place: at, detail: "the field is gone" });
      else {
        if (((a.required ?? []) as string[]).includes(name) && !requiredB.has(name))
          changes.push({ kind: "removed", place: at, detail: "no longer always present" });
        compare(propsA[name]!, propsB[name]!, at, seen);
      }
    }
    for (const name of Object.keys(propsB))
      if (!propsA[name]) changes.push({ kind: "added", place: `${place}.${name}`, detail: "new field" });
    for (const key of ["items", "additionalProperties"] as const)
      if (isObject(a[key]) && isObject(b[key]))
        compare(a[key], b[key], key === "items" ? `${place}[]` : `${place}{}`, seen);
  };

  const pathsA = (held.paths ?? {}) as Record<string, Record<string, Json>>;
  const pathsB = (built.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(pathsA))
    for (const [method, operation] of Object.entries(operations)) {
      const responsesA = (operation.responses ?? {}) as Record<string, Json>;
      const responsesB = (pathsB[path]?.[method]?.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responsesA)) {
        const place = `${method.toUpperCase()} ${path} ${status}`;
        const contentA = (response.content ?? {}) as Record<string, Json>;
        const contentB = (responsesB[status]?.content ?? {}) as Record<string, Json>;
        if (!responsesB[status]) changes.push({ kind: "removed", place, detail: "the endpoint is gone" });
        else
          for (const [type, media] of Object.entries(contentA))
            if (!contentB[type])
              changes.push({ kind: "removed", place: `${place} ${type}`, detail: "no longer served" });
            else compare(media.schema as Json, contentB[type].schema as Json, place, new Set());
      }
    }
  for (const path of Object.keys(pathsB))
    if (!pathsA[path]) changes.push({ kind: "added", place: path, detail: "new endpoint" });
  return dedupe(changes);
}

/** Values the held schema allowed that the built one refuses: fewer enum values, tighter bounds. */
function narrowedValues(a: Json, b: Json, place: string, changes: ContractChange[]): void {
  if (Array.isArray(b.enum)) {
    const allowed = new Set(b.enum.map((v) => JSON.stringify(v)));
    const lost = Array.isArray(a.enum) ? a.enum.filter((v) => !allowed.has(JSON.stringify(v))) : null;
    if (!lost)
      changes.push({
        kind: "narrowed",
        place,
        detail: `now limited to ${b.enum.map((v) => JSON.stringify(v)).join(", ")}`,
      });
    else if (lost.length)
      changes.push({
        kind: "narrowed",
        place,
        detail: `no longer allows ${lost.map((v) => JSON.stringify(v)).join(", ")}`,
      });
  }
  for (const key of [...UPPER, ...LOWER, ...EXACT]) {
    if (b[key] === undefined || JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    const wider =
      a[key] !== undefined &&
      ((UPPER.includes(key) && Number(b[key]) > Number(a[key])) ||
        (LOWER.includes(key) && Number(b[key]) < Number(a[key])));
    if (!wider)
      changes.push({
        kind: "narrowed",
        place,
        detail: `${key} was ${JSON.stringify(a[key]) ?? "unset"}, now ${JSON.stringify(b[key])}`,
      });
  }
}

/** The JSON types a schema admits, from `type`, `const` or `enum`; empty when it says nothing. */
function types(schema: Json): Set<string> {
  const named = schema.type;
  if (typeof named === "string") return new Set([named]);
  if (Array.isArray(named)) return new Set(named as string[]);
  const values = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
  return new Set(values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v)));
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A schema reached from two responses (an entry inside its list) reports once per place. */
function dedupe(changes: ContractChange[]): ContractChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = `${c.kind} ${c.place} ${c.detail}`;
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * Additions the changelog does not mention: each added field or endpoint must appear in it in
 * backticks (`imageUrls`, `/api/x.json`), so no change to the contract goes unannounced.
 */
export function unannounced(changes: readonly ContractChange[], changelog: string): ContractChange[] {
  return changes.filter((c) => {
    if (c.kind !== "added") return false;
    const name = c.place.startsWith("/") ? c.place : c.place.split(".").pop()!;
    return !changelog.includes(`\`${name}\``);
  });
}
