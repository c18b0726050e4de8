import { mkdir, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devReload } from "../../generator/serve/dev-reload.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { rawRequest } from "../helpers/raw-request.ts";

let server: Server;
let url: string;
let reload: ReturnType<typeof devReload>;

beforeAll(async () => {
  const folder = await tempDir();
  const root = join(folder, "dist");
  await mkdir(join(root, "teams"), { recursive: true });
  await writeFile(
    join(root, "teams/index.html"),
    "<html><head><title>t</title></head><body>teams</body></html>",
  );
  await writeFile(join(root, "data.json"), "{}");
  await writeFile(join(folder, "secret.html"), "<head></head>secret");
  reload = devReload(root, "/sprint/");
  ({ server, url } = await startServer({ root, port: 0, basePath: "/sprint/", wrap: reload.wrap }));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("npm run dev's page reload", () => {
  it("adds its script to pages as they are served, and to nothing else", async () => {
    const page = await fetch(`${url}teams/`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe(
      `<html><head><title>t</title><script src="/sprint/__dev/reload.js" defer></script>\n</head><body>teams</body></html>`,
    );
    expect(await (await fetch(`${url}data.json`)).text()).toBe("{}");
    const script = await fetch(`${url}__dev/reload.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain(`new EventSource(new URL("events", document.currentScript.src))`);
  });

  it("never serves a page from outside the site", async () => {
    for (const path of ["/sprint/..%2fsecret.html", "/sprint/%2e%2e/secret.html", "/sprint/../secret.html"]) {
      const reply = await rawRequest(url, "GET", path);
      expect(reply.body, path).not.toContain("secret");
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it("sends a reload event to every open page after a rebuild", async () => {
    const controller = new AbortController();
    const stream = await fetch(`${url}__dev/events`, { signal: controller.signal });
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(": listening\n\n");
    reload.notify();
    expect(decoder.decode((await reader.read()).value)).toBe("event: reload\ndata: rebuilt\n\n");
    controller.abort();
  });
});
