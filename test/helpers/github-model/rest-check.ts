import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Checks a request against GitHub's published REST description (the part `rest-description.json`
 * holds, written from a pinned @octokit/openapi by `write-rest-description.mjs`): which operation
 * it is, and whether its path, query and body are what that operation takes.
 */
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: object;
  "x-multi-segment"?: boolean;
}
interface Operation {
  operationId: string;
  parameters: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: object }> };
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

export type Checked =
  | { ok: true; operationId: string; params: Record<string, string>; query: URLSearchParams }
  | { ok: false; status: 404 | 422; message: string };

const description = JSON.parse(
  readFileSync(new URL("./rest-description.json", import.meta.url), "utf8"),
) as Description;
// OpenAPI 3.0 schemas: `nullable`, `x-` keys and formats GitHub names; unknown keywords are not errors.
const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
// ajv-formats is CommonJS with a default export; under NodeNext its type is the module namespace.
(addFormatsModule as unknown as typeof addFormatsModule.default)(ajv);
// GitHub's own format for `owner/name`, which pulls/create's `head_repo` uses.
ajv.addFormat("repo.nwo", /^[^/]+\/[^/]+$/);

/**
 * Query parameters whose description says "date-time" but GitHub reads in its search syntax for
 * dates (">=2026-12-06T13:00:00Z", "A..B"): "Returns workflow runs created within the given
 * date-time range. For more information on the syntax, see Understanding the search syntax" (REST
 * docs, List workflow runs; changelog 2021-09-02). The route that lists runs reads and refuses them
 * (routes.ts, createdWithin).
 */
const SEARCH_SYNTAX = new Set(["created"]);

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  operation: Operation;
  parameters: Parameter[];
  body?: ValidateFunction;
}

const routes: Route[] = Object.entries(description.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => {
    const parameters = operation.parameters.map((p) =>
      "$ref" in p ? description.components.parameters[p.$ref.split("/").pop()!]! : p,
    );
    const names: string[] = [];
    const source = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      names.push(name);
      const multi = parameters.find((p) => p.name === name)?.["x-multi-segment"];
      return multi ? "(.+)" : "([^/]+)";
    });
    const schema = operation.requestBody?.content["application/json"]?.schema;
    return {
      method: method.toUpperCase(),
      pattern: new RegExp(`^${source}$`),
      names,
      operation,
      parameters,
      ...(schema ? { body: ajv.compile(schema) } : {}),
    };
  }),
);

/** The operation ids the description holds: every call the workflows may make. */
export const OPERATION_IDS = routes.map((r) => r.operation.operationId);

export function checkRequest(method: string, url: URL, body: unknown): Checked {
  const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
  const match = route && route.pattern.exec(url.pathname);
  if (!route || !match) return { ok: false, status: 404, message: "Not Found" };
  const params: Record<string, string> = {};
  route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));

  for (const p of route.parameters) {
    const raw = p.in === "path" ? params[p.name] : p.in === "query" ? url.searchParams.get(p.name) : null;
    if (raw === null || raw === undefined) {
      if (p.required && p.in !== "header") return { ok: false, status: 422, message: `${p.name} is missing` };
      continue;
    }
    if (SEARCH_SYNTAX.has(p.name)) continue;
    if (!ajv.validate(p.schema, typed(raw, p.schema)))
      // GitHub answers a path it cannot read with 404 and a bad query value with 422.
      return p.in === "path"
        ? { ok: false, status: 404, message: "Not Found" }
        : { ok: false, status: 422, message: `Invalid value for ${p.name}: ${ajv.errorsText()}` };
  }
  if (route.body) {
    if (body === undefined && route.operation.requestBody?.required)
      return { ok: false, status: 422, message: "Invalid request. A request body is required." };
    if (body !== undefined && !route.body(body))
      return {
        ok: false,
        status: 422,
        message: `Invalid request. ${ajv.errorsText(route.body.errors, { dataVar: "body" })}`,
      };
  }
  return { ok: true, operationId: route.operation.operationId, params, query: url.searchParams };
}

/** A URL's text as the parameter's type: `"7"` is the integer 7 where the schema wants one. */
function typed(raw: string, schema: object): unknown {
  const types = JSON.stringify(schema);
  if (/"type":"integer"/.test(types) && /^-?\d+$/.test(raw)) return Number(raw);
  if (/"type":"boolean"/.test(types) && (raw === "true" || raw === "false")) return raw === "true";
  return raw;
}
