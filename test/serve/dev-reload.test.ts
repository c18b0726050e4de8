import { mkdir, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { brokenBuild, devReload } from "../../generator/serve/dev-reload.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { rawRequest } from "../helpers/raw-request.ts";

let server: Server;
let url: string;
let reload: ReturnType<typeof devReload>;
const TAG = `<script src="/sprint/__dev/client.js" defer></script>\n`;

beforeAll(async () => {
  const folder = await tempDir();
  const root = join(folder, "dist");
  await mkdir(join(root, "teams"), { recursive: true });
  await writeFile(
    join(root, "teams/index.html"),
    "<html><head><title>t</title></head><body>teams</body></html>",
  );
  await writeFile(join(root, "teams/alpha.html"), "<html><head></head><body>alpha</body></html>");
  await writeFile(join(root, "404.html"), "<html><head></head><body>not here</body></html>");
  await writeFile(join(root, "data.json"), "{}");
  await writeFile(join(folder, "secret.html"), "<head></head>secret");
  reload = devReload(root, "/sprint/");
  ({ server, url } = await startServer({ root, port: 0, basePath: "/sprint/", wrap: reload.wrap }));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Opens the event stream; `next()` reads what the server sends next. */
async function events() {
  const controller = new AbortController();
  const stream = await fetch(`${url}__dev/events`, { signal: controller.signal });
  expect(stream.headers.get("content-type")).toBe("text/event-stream");
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  return {
    next: async () => decoder.decode((await reader.read()).value),
    close: () => controller.abort(),
  };
}

const error = (file: string, message: string, fix?: string): Diagnostic => ({
  file,
  line: 2,
  column: 7,
  severity: "error",
  rule: "yaml-syntax",
  message,
  ...(fix ? { fix } : {}),
});

describe("npm run dev's page reload", () => {
  it("adds its script to pages as they are served (and to the 404 page), and to nothing else", async () => {
    const page = await fetch(`${url}teams/`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe(`<html><head><title>t</title>${TAG}</head><body>teams</body></html>`);
    // As GitHub Pages serves it: /teams/alpha is teams/alpha.html.
    expect(await (await fetch(`${url}teams/alpha`)).text()).toContain(`${TAG}</head><body>alpha`);
    const missing = await fetch(`${url}teams/nobody.html`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`${TAG}</head><body>not here`);
    expect(await (await fetch(`${url}data.json`)).text()).toBe("{}");
    // A folder without its slash is still redirected; the API keeps its JSON error.
    expect((await fetch(`${url}teams`, { redirect: "manual" })).status).toBe(301);
    const api = await fetch(`${url}api/nothing/`);
    expect(await api.text()).not.toContain("__dev");
    const script = await fetch(`${url}__dev/client.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain(`new EventSource(new URL("events", base))`);
    const style = await fetch(`${url}__dev/overlay.css`);
    expect(style.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await style.text()).toContain("dialog::backdrop");
  });

  it("never serves a page from outside the site", async () => {
    for (const path of ["/sprint/..%2fsecret.html", "/sprint/%2e%2e/secret.html", "/sprint/../secret.html"]) {
      const reply = await rawRequest(url, "GET", path);
      expect(reply.body, path).not.toContain("secret");
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it("sends a reload event to every open page after a good rebuild", async () => {
    const stream = await events();
    expect(await stream.next()).toBe(": listening\n\n");
    reload.built();
    expect(await stream.next()).toBe("event: reload\ndata: rebuilt\n\n");
    stream.close();
  });

  it("sends no reload after a good build that changed nothing: it only takes away a broken build's errors", async () => {
    const stream = await events();
    expect(await stream.next()).toBe(": listening\n\n");
    reload.built(false);
    reload.broken([error("records/teams/a.yaml", "bad")]);
    // The next event the page gets is the broken build's: the unchanged build sent none.
    expect((await stream.next()).split("\n")[0]).toBe("event: broken");
    // Mended to what the page shows (the broken save undone, or one save's second event).
    reload.built(false);
    expect(await stream.next()).toBe("event: mended\ndata: unchanged\n\n");
    reload.broken([error("records/teams/a.yaml", "bad")]);
    expect((await stream.next()).split("\n")[0]).toBe("event: broken");
    reload.built(true);
    expect(await stream.next()).toBe("event: reload\ndata: rebuilt\n\n");
    stream.close();
  });

  it("sends a broken build's errors to open pages, and to each page opened until a build is good", async () => {
    const open = await events();
    expect(await open.next()).toBe(": listening\n\n");
    reload.broken([
      error("records/teams/a.yaml", "a\nline\u202ebreak", "quote it"),
      { ...error("records/teams/b.yaml", "only a warning"), severity: "warning" },
    ]);
    const sent = await open.next();
    // One event, on one data line: record text is JSON, its line breaks and direction marks escaped.
    expect(sent.split("\n").slice(0, 2)).toEqual([
      "event: broken",
      `data: ${JSON.stringify({ count: 1, problems: [{ file: "records/teams/a.yaml", line: 2, column: 7, message: "a\\u000aline\\u202ebreak", fix: "quote it" }], more: 0 })}`,
    ]);
    const later = await events();
    expect(await later.next()).toBe(sent);
    later.close();
    reload.built();
    expect(await open.next()).toBe("event: reload\ndata: rebuilt\n\n");
    const fixed = await events();
    expect(await fixed.next()).toBe(": listening\n\n");
    fixed.close();
    open.close();
  });
});

describe("brokenBuild", () => {
  it("lists 50 errors and counts the rest", () => {
    const many = Array.from({ length: 53 }, (_, i) => error(`records/teams/t${i}.yaml`, "bad"));
    const report = brokenBuild(many);
    expect(report.count).toBe(53);
    expect(report.problems).toHaveLength(50);
    expect(report.more).toBe(3);
  });

  it("says the terminal has the reason when a build stopped with no error to list", () => {
    expect(brokenBuild([]).problems).toEqual([
      { file: "", line: 0, column: 0, message: "The build stopped; the terminal says why." },
    ]);
  });
});

describe("npm run dev with no site built yet", () => {
  it("serves a page that carries the script while the first build is broken, and the handler's answer otherwise", async () => {
    const root = join(await tempDir(), "dist");
    const alone = devReload(root, "/");
    const started = await startServer({ root, port: 0, wrap: alone.wrap });
    try {
      expect((await fetch(`${started.url}teams/`)).status).toBe(404);
      alone.broken([error("records/event.yaml", "bad")]);
      const page = await fetch(`${started.url}teams/`);
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain(`<script src="/__dev/client.js" defer></script>`);
      expect(html).toContain("No site built yet");
      // Not a page: still the handler's.
      expect((await fetch(`${started.url}logo.png`)).headers.get("content-type")).toContain("json");
    } finally {
      await new Promise((resolve) => started.server.close(resolve));
    }
  });
});
