import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { addFormats } from "../../generator/validate/schemas.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleRoot, REPO, tempDir } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

type OpenApi = {
  openapi: string;
  servers: Array<{ url: string }>;
  security: unknown[];
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> } }
  >;
  components: { schemas: Record<string, unknown>; securitySchemes?: unknown };
};

let server: Server;
let site: string;
let spec: OpenApi;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  spec = (await (await fetch(`${site}openapi.json`)).json()) as OpenApi;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("openapi.json", () => {
  it("is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator", async () => {
    const validator = new Validator();
    expect(await validator.validate(spec)).toEqual({ valid: true });
    expect(validator.version).toBe("3.1");
  });

  it("passes redocly lint (warnings allowed, no errors)", async () => {
    const file = join(await tempDir(), "openapi.json");
    await writeFile(file, JSON.stringify(spec));
    const run = promisify(execFile)(
      join(REPO, "node_modules/.bin/redocly"),
      ["lint", file, "--format=json"],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const { stdout } = await run;
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number } };
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it("has the base URL as its server, no security and the same endpoints as api/index.json", async () => {
    expect(spec.servers[0]!.url).toBe(site.replace(/\/$/, ""));
    expect(spec.security).toEqual([]);
    expect(spec.components.securitySchemes).toBeUndefined();
    const index = (await (await fetch(`${site}api/index.json`)).json()) as {
      spec: string;
      endpoints: Array<{ path: string }>;
    };
    expect(index.spec).toBe(`${site}openapi.json`);
    expect(Object.keys(spec.paths).filter((p) => !p.includes("{"))).toEqual(
      index.endpoints.map((e) => e.path),
    );
    expect(Object.keys(spec.paths)).toContain("/api/{unknown}");
  });

  it("describes what the local server really answers: status, media type and body of every endpoint and of an unknown /api/ path", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(spec, "openapi.json");
    const requests = [
      ...Object.keys(spec.paths)
        .filter((p) => !p.includes("{"))
        .map((p) => [p, p] as const),
      ["/api/{unknown}", "/api/does-not-exist.json"] as const,
    ];
    for (const [template, path] of requests) {
      const response = await fetch(site + path.slice(1));
      const documented = spec.paths[template]!.get.responses[String(response.status)];
      expect(documented, `${path} answered ${response.status}`).toBeDefined();
      const type = response.headers.get("content-type")!.split(";")[0]!;
      const media = documented!.content[type];
      expect(media, `${path} answered ${type}`).toBeDefined();
      const validate = ajv.getSchema(`openapi.json${media!.schema.$ref}`)!;
      expect(validate(await response.json()), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(requests.length).toBe(6);
  });

  it("limits track to the event's track ids and null", () => {
    const entry = spec.components.schemas.ProjectEntry as {
      properties: Record<string, { enum?: unknown[] }>;
    };
    expect(entry.properties.track!.enum).toEqual(["sim", "hardware", "both", null]);
  });

  it("describes the API in its own words, never the repository's files", () => {
    const descriptions: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node))
        if (key === "description" && typeof value === "string") descriptions.push(value);
        else walk(value);
    };
    walk(spec);
    expect(descriptions.length).toBeGreaterThan(40);
    expect(
      descriptions.filter((d) => /records\/|\.yaml|file name|site\/public|this record/i.test(d)),
    ).toEqual([]);
  });
});
