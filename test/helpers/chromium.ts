import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";

/**
 * Debian's Chromium, driven by playwright-core. As root on a closed network it needs no sandbox and
 * must not reach out for updates or sync (its connections would be refused).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-gpu",
    ],
  });
}

/**
 * A new page in its own context, collecting what should fail a test: script errors and
 * Content-Security-Policy reports. `prepare` runs on the context first (a clock, say).
 */
export async function watchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  await prepare?.(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
  });
  return { page, problems };
}
