import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/raw-request.ts";
import { serveExample } from "../helpers/serve-example.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  ({ server, url: base } = await serveExample("http://localhost:4173/"));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(base, method, path, headers);

describe("the local server", () => {
  it.each(["/api/index.json", "/api/event.json", "/api/teams.json", "/api/projects.json"])(
    "serves %s as application/json; charset=utf-8 with CORS open",
    async (path) => {
      const reply = await send("GET", path, { Origin: "https://consumer.example" });
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
      expect(JSON.parse(reply.body)).toHaveProperty("generatedAt");
    },
  );

  it("answers an unknown /api/ path with status 404 and the JSON error body, error members only", async () => {
    for (const path of ["/api/nope.json", "/api/", "/api", "/api/teams/x.json", "/API/projects.json"]) {
      const reply = await send("GET", path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers["content-type"], path).toBe("application/json; charset=utf-8");
      expect(reply.headers["access-control-allow-origin"], path).toBe("*");
      const body = JSON.parse(reply.body);
      expect(body.code, path).toBe("not_found");
      expect(Object.keys(body), path).toEqual(["object", "status", "code", "message", "resolution", "docs"]);
    }
  });

  it("answers other unknown paths with an HTML 404", async () => {
    const reply = await send("GET", "/teams/nobody.html");
    expect(reply.status).toBe(404);
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(reply.body).toContain("<h1>Page not found</h1>");
  });

  it("serves pages as HTML and the home page at /", async () => {
    const page = await send("GET", "/projects/soft-grasp.html");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain(`<h1 dir="auto">Soft Grasp</h1>`);
    expect((await send("GET", "/")).body).toContain('<h1 id="event-name">Physical AI Sprint 2026</h1>');
  });

  it("serves a page without its .html, as GitHub Pages does, and nothing else that way", async () => {
    const bare = await send("GET", "/projects/soft-grasp");
    expect(bare.status).toBe(200);
    expect(bare.body).toBe((await send("GET", "/projects/soft-grasp.html")).body);
    expect((await send("GET", "/developers")).status).toBe(200);
    expect((await send("GET", "/projects/nobody")).status).toBe(404);
    // Under /api/ a path is exact: no document is found by a guessed extension.
    const api = await send("GET", "/api/projects");
    expect([api.status, api.headers["content-type"]]).toEqual([404, "application/json; charset=utf-8"]);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await send("GET", "/api/projects.json");
    const head = await send("HEAD", "/api/projects.json");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("sends an ETag and answers a matching If-None-Match with 304", async () => {
    const first = await send("GET", "/api/teams.json");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const second = await send("GET", "/api/teams.json", { "If-None-Match": etag });
    expect(second.status).toBe(304);
    expect(second.body).toBe("");
    expect(second.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers CORS preflights", async () => {
    const reply = await send("OPTIONS", "/api/projects.json", {
      Origin: "https://consumer.example",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "x-requested-with",
    });
    expect(reply.status).toBe(204);
    expect(reply.headers["access-control-allow-origin"]).toBe("*");
    expect(reply.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(reply.headers["access-control-allow-headers"]).toBe("x-requested-with");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("answers %s with 405 and a JSON error", async (method) => {
    for (const path of ["/api/projects.json", "/index.html"]) {
      const reply = await send(method, path);
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
      expect(JSON.parse(reply.body)).toMatchObject({ code: "method_not_allowed", status: 405 });
    }
  });

  it("lets no path escape the site folder", async () => {
    for (const path of [
      "/../../../../etc/passwd",
      "/api/../../../../etc/passwd",
      "/api/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/api/..%5c..%5cetc%5cpasswd",
      "/api/%00.json",
    ]) {
      const reply = await send("GET", path);
      expect([400, 404], path).toContain(reply.status);
      expect(reply.body, path).not.toContain("root:");
      if (path.startsWith("/api/"))
        expect(reply.headers["content-type"], path).toBe("application/json; charset=utf-8");
    }
  });

  it("serves no host file in any spelling: each answer is the one /_headers gets", async () => {
    const refused = await send("GET", "/_headers");
    expect([refused.status, refused.headers["content-type"]]).toEqual([404, "text/html; charset=utf-8"]);
    expect(refused.body).toContain("<h1>Page not found</h1>");
    for (const path of [
      "/%5Fheaders",
      "/%5fheaders",
      "/%5F%68%65%61%64%65%72%73",
      "/%5fredirects",
      "/%5Fredirects?x=1",
      "/./_headers",
      "/%2e/_redirects",
      "//%5Fheaders",
      "/_HEADERS",
      // Decoded once, not twice: this names a file called `%5Fheaders`, which the site has not.
      "/%255Fheaders",
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const reply = await send(method, path);
        expect([reply.status, reply.headers["content-type"]], `${method} ${path}`).toEqual([
          404,
          "text/html; charset=utf-8",
        ]);
        expect(reply.body, `${method} ${path}`).toBe(method === "GET" ? refused.body : "");
      }
    }
  });

  it("serves .well-known style dot-folders and keeps serving after bad requests", async () => {
    expect((await send("GET", "/.nojekyll")).status).toBe(200);
    expect((await send("GET", "/api/projects.json")).status).toBe(200);
  });
});
