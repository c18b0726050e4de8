import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { accepted } from "../../generator/serve/precompressed.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The first request starts the compression; a later one gets the copy. */
async function compressedReply(url: string, encoding: string): Promise<Reply> {
  for (let i = 0; i < 100; i++) {
    const reply = await get(url, { "accept-encoding": encoding });
    if (reply.headers["content-encoding"]) return reply;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${encoding} copy of ${url}`);
}

let server: Awaited<ReturnType<typeof serveBuilt>>;
beforeAll(async () => {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 50, projects: 50 });
  server = await serveBuilt(root);
});
afterAll(() => server.server.close());

describe("precompressed JSON", () => {
  it("sends brotli and gzip copies of a large JSON document to clients that accept them", async () => {
    const url = `${server.url}api/projects.json`;
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.length).toBeGreaterThan(16 * 1024);

    const br = await compressedReply(url, "gzip, deflate, br");
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/json; charset=utf-8",
      vary: "Accept-Encoding",
      "access-control-allow-origin": "*",
    });
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gz = await compressedReply(url, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const again = await get(url, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.status).toBe(304);
    const head = await get(url, { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([
      200,
      String(br.body.length),
      0,
    ]);
  });

  it("sends small documents and pages as they are", async () => {
    const reply = await get(`${server.url}api/event.json`, { "accept-encoding": "br, gzip" });
    expect(reply.headers["content-encoding"]).toBeUndefined();
    const page = await get(`${server.url}teams/team-1.html`, { "accept-encoding": "br, gzip" });
    expect(page.headers["content-encoding"]).toBeUndefined();
  });

  it.each([
    ["br, gzip", ["br", "gzip"]],
    ["gzip;q=0.5, br;q=0", ["gzip"]],
    ["identity", []],
    ["*", ["br", "gzip"]],
    [undefined, []],
  ])("reads Accept-Encoding %j", (header, encodings) => {
    expect(accepted(header)).toEqual(encodings);
  });
});
