import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { deriveSite } from "../pipeline.ts";
import { documents } from "../render/registry.ts";
import { projectSearchIndex, teamSearchIndex } from "../render/search/search-index.ts";
import { bodyText } from "../render/shared/document.ts";
import { gzipServer } from "./gzip-server.ts";
import { median } from "./paired.ts";

/**
 * The gallery's first search on a built site (the 10,000-project event), in Chromium with 4× CPU
 * throttling, as issue 40 measures it: the bytes it fetched after the page had loaded (each
 * response gzipped at level 6, as GitHub Pages sends it) and the time from the change in the form to
 * the first result cards on screen, median of `runs` fresh pages; and the same under a slow link
 * (1.6 Mbit/s, 150 ms), for information. Markdown lines for the bench's report.
 */
export async function searchFigures(site: string, runs = 5): Promise<string[]> {
  const { server, url } = await gzipServer(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu"],
  });
  try {
    // Rows of the bench's table: figure | ours | other | ratio | goal | holds.
    const lines: string[] = [];
    for (const action of ACTIONS)
      for (const slow of [false, true]) {
        const measured: Array<{ ms: number; bytes: number }> = [];
        for (let run = 0; run < runs; run++) measured.push(await firstUse(browser, url, action, slow));
        const bytes = Math.max(...measured.map((m) => m.bytes));
        const ms = median(measured.map((m) => m.ms));
        const what = `${action.name}${slow ? ", slow link (1.6 Mbit/s, 150 ms)" : ""}`;
        const goal = (limit: string, holds: boolean) =>
          slow ? "| beside | |" : `| ${limit} | ${holds ? "yes" : "**no**"} |`;
        lines.push(
          `| first search, transferred (gzip, as Pages serves it): ${what} | ${(bytes / 1024).toFixed(1)} KB | | ${goal("≤ 300 KB", bytes <= 300 * 1024)}`,
          `| search, first results in Chromium, 4× CPU throttling: ${what} | ${Math.round(ms)} ms | | ${goal("≤ 300 ms", ms <= 300)}`,
        );
      }
    return lines;
  } finally {
    await browser.close();
    await new Promise((resolve) => (server as Server).close(resolve));
  }
}

/** What a reader does first: type a word, choose a track, or sort newest first (cards from anywhere). */
const ACTIONS = [
  { name: 'search "gripper"', field: "q", value: "gripper", target: true },
  { name: "track: Simulation", field: "track", value: "=sim", target: false },
  { name: "sort: Newest", field: "sort", value: "=newest", target: false },
];

/** One fresh page of the gallery, one change in its form: bytes fetched and ms to the first cards. */
async function firstUse(
  browser: Browser,
  url: string,
  action: (typeof ACTIONS)[number],
  slow: boolean,
): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (slow) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 1_600_000 / 8,
        uploadThroughput: 750_000 / 8,
      });
    }
    await page.goto(`${url}projects/`, { waitUntil: "networkidle" });
    const bodies: Array<Promise<number>> = [];
    // What the search fetched: its scripts' requests, not the images of the cards it shows.
    page.on("response", (response) => {
      if (response.request().resourceType() !== "fetch") return;
      bodies.push(response.body().then((body) => gzipSync(body, { level: 6 }).length));
    });
    const ms = await page.evaluate(({ field, value }) => {
      const count = document.getElementById("count")!;
      const list = document.getElementById("list")!;
      const control = (document.getElementById("filter") as HTMLFormElement).elements.namedItem(field) as
        HTMLInputElement | HTMLSelectElement;
      const before = count.textContent;
      return new Promise<number>((resolve, reject) => {
        const start = performance.now();
        new MutationObserver((_, observer) => {
          if (count.textContent === before || !list.querySelector("[data-slug]")) return;
          observer.disconnect();
          if (/unavailable/.test(count.textContent ?? "")) reject(new Error(count.textContent ?? ""));
          // The cards are on screen at the next frame.
          else requestAnimationFrame(() => resolve(performance.now() - start));
        }).observe(count, { childList: true, characterData: true, subtree: true });
        control.value = value;
        control.dispatchEvent(new Event(field === "q" ? "input" : "change", { bubbles: true }));
      });
    }, action);
    await page.waitForLoadState("networkidle");
    const sizes = await Promise.all(bodies);
    return { ms, bytes: sizes.reduce((sum, size) => sum + size, 0) };
  } finally {
    await context.close();
  }
}

/**
 * The search index's share of a build: the two search kinds rendered from the event's model (made
 * once, untimed, as the build makes it for every kind), median of `runs`, and the files they write.
 * Compare `ms` with a clean build's time (issue 40: at most 10 %).
 */
export async function searchIndexBuild(root: string, runs = 5): Promise<{ ms: number; files: number }> {
  const derived = await deriveSite({ root, baseUrl: "https://registry.example/" });
  if (!derived.ok) throw new Error(`${root} does not build`);
  const times: number[] = [];
  let files = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    files = 0;
    for (const kind of [projectSearchIndex, teamSearchIndex])
      for (const output of kind.render(derived.model, { documents, rendered: [] })) {
        bodyText(output);
        files++;
      }
    times.push(performance.now() - started);
  }
  return { ms: median(times), files };
}
