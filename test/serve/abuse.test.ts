import type { Server } from "node:http";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../generator/serve/start-server.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { parse, rawExchange, stalledConnection, type RawReply } from "../helpers/raw-socket.ts";

/**
 * The local server under abuse: every kind of path traversal, oversized and malformed requests,
 * methods that write, and slow clients. Each gets its status and, where the request could be for
 * the API, the JSON error body; the server keeps serving throughout. Deadlines are shortened so
 * slow clients can be tested in well under a second.
 */
let server: Server;
let url: string;
const LIMITS = { headersMs: 300, requestMs: 600, idleMs: 800 };
const SECRET = "SECRET-BESIDE-THE-SITE";

beforeAll(async () => {
  const out = await buildSite(await exampleRoot(), "http://localhost:4173/");
  // A file just outside the served folder: what a traversal would be after.
  await writeFile(join(dirname(out), "secret.json"), JSON.stringify({ SECRET }));
  ({ server, url } = await startServer({ root: out, port: 0, limits: LIMITS }));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers = "") =>
  rawExchange(url, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);

function expectJsonError(reply: RawReply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(reply.headers["access-control-allow-origin"]).toBe("*");
  expect(JSON.parse(reply.body)).toMatchObject({ object: "error", status, code });
}

async function stillServing(): Promise<void> {
  const reply = await get("/api/index.json");
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.body)).toHaveProperty("generatedAt");
}

describe("path traversal in every encoding", () => {
  const attempts = [
    "/../secret.json",
    "/api/../../secret.json",
    "/api/%2e%2e/%2e%2e/secret.json",
    "/api/%2E%2E/%2E%2E/secret.json",
    "/api/..%2f..%2fsecret.json",
    "/api/..%2F..%2Fsecret.json",
    "/api/%252e%252e/%252e%252e/secret.json",
    "/api/..\\..\\secret.json",
    "/api/..%5c..%5csecret.json",
    "/api/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.json",
    "/api/%e0%80%ae%e0%80%ae/secret.json",
    "/api/.%2e/.%2e/secret.json",
    "/api//..//..//secret.json",
    "/api/./../.././secret.json",
    "/api/secret.json%00.json",
    "/api/%00",
    "/api/../../../../../../etc/passwd",
    "/api/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  ];
  it.each(attempts)("%s gets a JSON 400 or 404 and no file outside the site", async (path) => {
    const reply = await get(path);
    expect([400, 404]).toContain(reply.status);
    expectJsonError(reply, reply.status, reply.status === 400 ? "bad_request" : "not_found");
    expect(reply.body).not.toContain(SECRET);
    expect(reply.body).not.toContain("root:");
  });

  it("answers the same attempts outside /api/ without leaking, and keeps serving", async () => {
    for (const path of attempts.map((p) => p.replace(/^\/api/, ""))) {
      const reply = await get(path);
      expect([400, 404], path).toContain(reply.status);
      expect(reply.body, path).not.toContain(SECRET);
      expect(reply.body, path).not.toContain("root:");
    }
    await stillServing();
  });
});

describe("absurd requests", () => {
  it("answers a 100 KB URL with 431 and the JSON error", async () => {
    expectJsonError(await get(`/api/${"a".repeat(100 * 1024)}.json`), 431, "request_too_large");
    await stillServing();
  });

  it("answers a 64 KB header with 431 and the JSON error", async () => {
    expectJsonError(
      await get("/api/teams.json", `X-Big: ${"b".repeat(64 * 1024)}\r\n`),
      431,
      "request_too_large",
    );
  });

  it("answers a header with a NUL byte or a bare line feed with 400 and the JSON error", async () => {
    expectJsonError(await get("/api/teams.json", "X-Evil: a\0b\r\n"), 400, "bad_request");
    expectJsonError(
      await rawExchange(url, "GET /api/teams.json HTTP/1.1\r\nHost: x\r\nX-A: 1\rX-B: 2\r\n\r\n"),
      400,
      "bad_request",
    );
  });

  it("answers garbage, an unknown method and a wrong protocol with 400 and the JSON error", async () => {
    expectJsonError(
      await rawExchange(url, "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n"),
      400,
      "bad_request",
    );
    expectJsonError(
      await rawExchange(url, "FETCHALL /api/teams.json HTTP/1.1\r\nHost: x\r\n\r\n"),
      400,
      "bad_request",
    );
    expectJsonError(
      await rawExchange(url, "GET /api/teams.json HTTP/9.9\r\nHost: x\r\n\r\n"),
      400,
      "bad_request",
    );
    await stillServing();
  });

  it("serves a request with 1,500 tiny headers and refuses 3,000 (over 16 KB) with 431", async () => {
    const headers = (n: number) => Array.from({ length: n }, (_, i) => `X${i}: ${i % 10}\r\n`).join("");
    expect((await get("/api/event.json", headers(1500))).status).toBe(200);
    expectJsonError(await get("/api/event.json", headers(3000)), 431, "request_too_large");
  });

  it.each(["TRACE", "PROPFIND", "DELETE", "PUT", "PATCH", "POST"])(
    "answers %s with 405 and the JSON error",
    async (method) => {
      const reply = await rawExchange(
        url,
        `${method} /api/teams.json HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expectJsonError(reply, 405, "method_not_allowed");
      expect(reply.headers.allow).toBe("GET, HEAD, OPTIONS");
    },
  );

  it("answers CONNECT with 405 and the JSON error instead of a tunnel", async () => {
    const reply = await rawExchange(url, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n");
    expectJsonError(reply, 405, "method_not_allowed");
    await stillServing();
  });

  it("answers absolute-form and asterisk request targets without serving anything outside", async () => {
    expect((await get("http://evil.example/api/teams.json")).status).toBe(404);
    expect(
      (await rawExchange(url, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).status,
    ).toBe(204);
  });
});

describe("slow clients", () => {
  it("answers a client that never finishes its headers with 408 and the JSON error", async () => {
    const slow = await stalledConnection(url, "GET /api/teams.json HTTP/1.1\r\nHost: x\r\n");
    const closed = new Promise<void>((resolve) => slow.on("close", () => resolve()));
    // The server keeps answering others while the slow client waits.
    await stillServing();
    await closed;
    const reply = parse(slow.received());
    expectJsonError(reply, 408, "request_timeout");
  });

  it("keeps serving while 100 connections trickle their headers, then drops them all", async () => {
    const slow = await Promise.all(
      Array.from({ length: 100 }, () => stalledConnection(url, "GET /api/teams.json HTTP/1.1\r\nX-Slow: ")),
    );
    const closed = Promise.all(
      slow.map((s) => new Promise<void>((resolve) => s.on("close", () => resolve()))),
    );
    await stillServing();
    await closed;
    expect(slow.every((s) => s.destroyed)).toBe(true);
    await stillServing();
  });

  it("closes an idle keep-alive connection that never sends a request", async () => {
    const idle = await stalledConnection(url, "");
    const started = performance.now();
    await new Promise<void>((resolve) => idle.on("close", () => resolve()));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
