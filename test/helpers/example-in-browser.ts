import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./chromium.ts";
import { exampleRoot, REPO } from "./fixture-root.ts";
import { serveBuilt } from "./serve-built.ts";

/** Where browser tests leave the screenshots a person looks at. */
export const SCREENSHOTS = `${REPO}test-results/screenshots`;

/**
 * The sample event's site served on 127.0.0.1 and one Chromium, for a test file: started before
 * its tests and closed after them, so read `browser` and `site` inside the tests.
 */
export function exampleInBrowser(): { readonly browser: Browser; readonly site: string } {
  const scene = {} as { browser: Browser; site: string; server: Server };
  beforeAll(async () => {
    ({ server: scene.server, url: scene.site } = await serveBuilt(await exampleRoot()));
    scene.browser = await launchChromium();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await scene.browser?.close();
    await new Promise((resolve) => scene.server?.close(resolve));
  });
  return scene;
}
