import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { parseHeaders } from "../../generator/serve/host-headers.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

// RFC 9264 §4.2 structure: `linkset` is the sole member; every relation maps to an array of targets with an href.
const LINKSET = {
  type: "object",
  required: ["linkset"],
  additionalProperties: false,
  properties: {
    linkset: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: { anchor: { type: "string" } },
        additionalProperties: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            required: ["href"],
            properties: {
              href: { type: "string" },
              type: { type: "string" },
              title: { type: "string" },
              media: { type: "string" },
              hreflang: { type: "array", items: { type: "string" } },
            },
            additionalProperties: { type: "array" },
          },
        },
      },
    },
  },
};

type Linkset = { linkset: Array<Record<string, string | Array<{ href: string; type?: string }>>> };

let server: Server;
let site: string;
let catalog: Linkset;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  catalog = (await (await fetch(`${site}.well-known/api-catalog`)).json()) as Linkset;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the RFC 9727 API catalog", () => {
  it("is served with the linkset media type and the RFC 9727 profile, on GET and HEAD", async () => {
    for (const method of ["GET", "HEAD"]) {
      const reply = await rawRequest(site, method, "/.well-known/api-catalog");
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe(
        'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      );
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("is an RFC 9264 linkset with absolute anchors and links", () => {
    const ajv = new Ajv2020({ allErrors: true });
    expect(ajv.validate(LINKSET, catalog), JSON.stringify(ajv.errors)).toBe(true);
    for (const context of catalog.linkset) {
      expect(context.anchor as string).toMatch(new RegExp(`^${site}`));
      for (const [relation, targets] of Object.entries(context))
        if (relation !== "anchor")
          for (const t of targets as Array<{ href: string }>) expect(t.href).toMatch(new RegExp(`^${site}`));
    }
  });

  it("lists every endpoint of api/index.json as an item, and the spec and docs of the API", async () => {
    const index = (await (await fetch(`${site}api/index.json`)).json()) as {
      endpoints: Array<{ url: string }>;
    };
    const [self, api] = catalog.linkset;
    expect(self!.anchor).toBe(`${site}.well-known/api-catalog`);
    expect((self!.item as Array<{ href: string }>).map((t) => t.href)).toEqual(
      index.endpoints.map((e) => e.url),
    );
    expect(api).toEqual({
      anchor: `${site}api/index.json`,
      "service-desc": [{ href: `${site}openapi.json`, type: "application/openapi+json" }],
      "service-doc": [{ href: `${site}developers.html`, type: "text/html" }],
    });
  });

  it("links only to documents that exist", async () => {
    const hrefs = catalog.linkset.flatMap((c) =>
      Object.entries(c).flatMap(([rel, targets]) =>
        rel === "anchor" ? [c.anchor as string] : (targets as Array<{ href: string }>).map((t) => t.href),
      ),
    );
    for (const href of new Set(hrefs)) expect((await fetch(href)).status, href).toBe(200);
  });
});

describe("host files", () => {
  it("give hosts that honour them CORS, nosniff, the catalog's media type and a JSON 404 under /api/", async () => {
    const out = await buildSite(await exampleRoot(), "https://example.org/");
    const headers = await readFile(join(out, "_headers"), "utf8");
    expect(headers).toBe(
      "/*\n  Access-Control-Allow-Origin: *\n  X-Content-Type-Options: nosniff\n" +
        '/.well-known/api-catalog\n  Content-Type: application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"\n' +
        "/.well-known/ai-catalog.json\n  Content-Type: application/ai-catalog+json\n" +
        ["projects", "teams", "recruiting"]
          .map((f) => `/feeds/${f}.xml\n  Content-Type: application/atom+xml; charset=utf-8\n`)
          .join("") +
        "/event.ics\n  Content-Type: text/calendar; charset=utf-8\n",
    );
    expect(parseHeaders(headers)).toEqual(
      new Map([
        [
          "/.well-known/api-catalog",
          [["Content-Type", 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"']],
        ],
        ["/.well-known/ai-catalog.json", [["Content-Type", "application/ai-catalog+json"]]],
        ...["projects", "teams", "recruiting"].map((f): [string, string[][]] => [
          `/feeds/${f}.xml`,
          [["Content-Type", "application/atom+xml; charset=utf-8"]],
        ]),
        ["/event.ics", [["Content-Type", "text/calendar; charset=utf-8"]]],
      ]),
    );
    expect(await readFile(join(out, "_redirects"), "utf8")).toBe("/api/*  /404.json  404\n");
    // The /api/ answer is the error alone; Pages' site-wide 404.html adds only its readable page.
    const { html, ...error } = JSON.parse(await readFile(join(out, "404.html"), "utf8"));
    expect(html).toContain("<h1>Page not found</h1>");
    expect(JSON.parse(await readFile(join(out, "404.json"), "utf8"))).toEqual(error);
  });

  it("are read by the local server but never served", async () => {
    expect((await rawRequest(site, "GET", "/_headers")).status).toBe(404);
    expect((await rawRequest(site, "GET", "/_redirects")).status).toBe(404);
    const notFound = await rawRequest(site, "GET", "/404.json");
    expect([notFound.status, notFound.headers["content-type"], JSON.parse(notFound.body).code]).toEqual([
      200,
      "application/json; charset=utf-8",
      "not_found",
    ]);
  });
});
