import type { Server } from "node:http";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KeptFiles } from "../../generator/serve/kept-files.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { until } from "../helpers/until.ts";

async function fileOf(text: string, name = "page.html"): Promise<string> {
  const file = join(await tempDir(), name);
  writeFileSync(file, text);
  return file;
}

describe("KeptFiles", () => {
  it("keeps a file and gives it back while its stamp is unchanged", async () => {
    const file = await fileOf("<p>one</p>\n");
    const memory = new KeptFiles();
    await memory.keep(file, statSync(file));
    expect(memory.get(file, statSync(file))?.toString()).toBe("<p>one</p>\n");
    expect(memory.size).toBe(11);
  });

  it("gives nothing once the file is rewritten, even to the same length", async () => {
    const file = await fileOf("<p>one</p>\n");
    const memory = new KeptFiles();
    await memory.keep(file, statSync(file));
    await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(file, "<p>two</p>\n");
    expect(memory.get(file, statSync(file))).toBeUndefined();
  });

  it("does not keep a file over the size limit", async () => {
    const file = await fileOf("x".repeat(101));
    const memory = new KeptFiles({ file: 100, total: 1000 });
    await memory.keep(file, statSync(file));
    expect(memory.get(file, statSync(file))).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it("drops the copies kept first when the total would pass its limit", async () => {
    const memory = new KeptFiles({ file: 100, total: 250 });
    const files = [];
    for (const name of ["a", "b", "c"]) {
      const file = await fileOf(name.repeat(100), `${name}.html`);
      await memory.keep(file, statSync(file));
      files.push(file);
    }
    expect(files.map((file) => memory.get(file, statSync(file))?.toString()[0])).toEqual([
      undefined,
      "b",
      "c",
    ]);
    expect(memory.size).toBe(200);
  });
});

describe("the local server with files kept in memory", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serveFolder(file: string, memory: KeptFiles): Promise<string> {
    const root = join(file, "..");
    let url;
    ({ server, url } = await startServer({ root, port: 0, keptFiles: memory }));
    return url;
  }

  it("sends the kept bytes, ranges and HEAD included, and the new bytes after a rewrite", async () => {
    const file = await fileOf("<p>first version</p>\n");
    const memory = new KeptFiles();
    const url = await serveFolder(file, memory);
    const first = await rawRequest(url, "GET", "/page.html");
    expect(first.body).toBe("<p>first version</p>\n");
    expect((await until(() => memory.get(file, statSync(file)))).toString()).toBe("<p>first version</p>\n");

    const again = await rawRequest(url, "GET", "/page.html");
    expect([again.status, again.body, again.headers["content-length"]]).toEqual([200, first.body, "21"]);
    expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(again.headers.etag).toBe(first.headers.etag);
    const range = await rawRequest(url, "GET", "/page.html", { Range: "bytes=3-7" });
    expect([range.status, range.body, range.headers["content-range"]]).toEqual([
      206,
      "first",
      "bytes 3-7/21",
    ]);
    const head = await rawRequest(url, "HEAD", "/page.html");
    expect([head.status, head.body, head.headers["content-length"]]).toEqual([200, "", "21"]);
    const fresh = await rawRequest(url, "GET", "/page.html", {
      "If-None-Match": first.headers.etag as string,
    });
    expect(fresh.status).toBe(304);

    await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(file, "<p>other version</p>\n");
    const rewritten = await rawRequest(url, "GET", "/page.html");
    expect(rewritten.body).toBe("<p>other version</p>\n");
  });

  it("keeps a large list too, and sends it whole and in ranges", async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `${i}\n`).join("");
    const file = await fileOf(text, "big.json");
    const memory = new KeptFiles();
    const url = await serveFolder(file, memory);
    const first = await rawRequest(url, "GET", "/big.json");
    expect([first.status, first.body === text]).toEqual([200, true]);
    await until(() => memory.get(file, statSync(file)));
    expect(memory.size).toBe(text.length);
    const whole = await rawRequest(url, "GET", "/big.json");
    expect([whole.status, whole.body.length, whole.body === text]).toEqual([200, text.length, true]);
    const range = await rawRequest(url, "GET", "/big.json", { Range: "bytes=100000-100009" });
    expect([range.status, range.body]).toEqual([206, text.slice(100_000, 100_010)]);
  });

  it("streams a file too big to keep, whole and in ranges", async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `${i}\n`).join("");
    const file = await fileOf(text, "big.json");
    const memory = new KeptFiles({ file: 64 * 1024, total: 1024 * 1024 });
    const url = await serveFolder(file, memory);
    for (let i = 0; i < 2; i++) {
      const whole = await rawRequest(url, "GET", "/big.json");
      expect([whole.status, whole.body.length, whole.body === text]).toEqual([200, text.length, true]);
    }
    const range = await rawRequest(url, "GET", "/big.json", { Range: "bytes=100000-100009" });
    expect([range.status, range.body]).toEqual([206, text.slice(100_000, 100_010)]);
    expect(memory.size).toBe(0);
  });
});
