import { chromium, type Browser } from "playwright-core";

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
