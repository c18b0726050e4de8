import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.ts";
import { serveExample } from "../helpers/serve-example.ts";

/**
 * A real browser on another origin reads the API the way a consumer's web page would: CORS must let
 * it read the lists, and an unknown /api/ path must still parse as JSON.
 */
let browser: Browser;
let api: Server;
let consumer: Server;
let apiUrl: string;
let consumerUrl: string;

beforeAll(async () => {
  ({ server: api, url: apiUrl } = await serveExample("http://127.0.0.1/"));
  // The consumer's page is served from a different port, hence a different origin.
  consumer = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>consumer</title><p>consumer page</p>");
  });
  await new Promise<void>((resolve) => consumer.listen(0, "127.0.0.1", resolve));
  consumerUrl = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([api, consumer].map((s) => new Promise((resolve) => s?.close(resolve))));
});

describe("a consumer page on another origin", () => {
  it("reads teams and projects with fetch and applies the client-side rules", async () => {
    const page = await browser.newPage();
    await page.goto(consumerUrl);
    const seen = await page.evaluate(async (base) => {
      const projects = await (await fetch(`${base}api/projects.json`)).json();
      const teams = await (await fetch(`${base}api/teams.json`)).json();
      return {
        projects: projects.count,
        hardware: projects.data.filter(
          (p: { track: string | null }) => p.track === "hardware" || p.track === "both",
        ).length,
        noRobots: projects.data.filter((p: { robots: string[] }) => p.robots.length === 0).length,
        recruiting: teams.data
          .filter((t: { lookingForMembers: boolean }) => t.lookingForMembers)
          .map((t: { slug: string }) => t.slug),
      };
    }, apiUrl);
    expect(seen).toEqual({
      projects: 10,
      hardware: 6,
      noRobots: 3,
      recruiting: ["drone-dojo", "line-followers", "open-arms", "quad-squad", "sim-to-real"],
    });
    await page.close();
  });

  it("gets a JSON error body it can parse for an unknown /api/ path", async () => {
    const page = await browser.newPage();
    await page.goto(consumerUrl);
    const error = await page.evaluate(async (base) => {
      const response = await fetch(`${base}api/does-not-exist.json`);
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        body: await response.json(),
      };
    }, apiUrl);
    expect(error.status).toBe(404);
    expect(error.type).toBe("application/json; charset=utf-8");
    expect(error.body).toMatchObject({ code: "not_found", message: "No document exists at this address." });
    await page.close();
  });

  it("a request with a custom header passes the preflight", async () => {
    const page = await browser.newPage();
    await page.goto(consumerUrl);
    const status = await page.evaluate(
      async (base) => (await fetch(`${base}api/event.json`, { headers: { "X-Client": "test" } })).status,
      apiUrl,
    );
    expect(status).toBe(200);
    await page.close();
  });

  it("shows people a readable page for an unknown page path", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${apiUrl}teams/nobody.html`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Page not found · Physical AI Sprint 2026");
    expect(await page.locator("main h1").innerText()).toBe("Page not found");
    // The JSON around the page is in the document but takes no space on screen.
    const hidden = await page.evaluate(() => getComputedStyle(document.body).fontSize);
    expect(hidden).toBe("0px");
    await page.close();
  });
});
