import { writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { LinkChecker, LinkState, type LinkResult } from "linkinator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * A crawl of the example site by linkinator, a link checker nobody here wrote, with a base URL that
 * has a path prefix (as a GitHub Pages project site has): every internal link, image, stylesheet and
 * script must resolve. Links off the site are not followed (this network is closed).
 */
const servers: Server[] = [];
let url: string;
let results: LinkResult[];

async function crawl(root: string): Promise<{ url: string; links: LinkResult[] }> {
  const served = await serveBuilt(root, "/sprint/");
  servers.push(served.server);
  const result = await new LinkChecker().check({
    path: served.url,
    recurse: true,
    concurrency: 8,
    linksToSkip: async (link) => !link.startsWith(served.url),
  });
  return { url: served.url, links: result.links };
}

const broken = (links: LinkResult[]) =>
  links.filter((r) => r.state === LinkState.BROKEN).map((r) => r.url.replace(/^http:\/\/[^/]+/, ""));

beforeAll(async () => {
  ({ url, links: results } = await crawl(await exampleRoot()));
});

afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

describe("the built site under a path prefix", () => {
  it("is served under the prefix", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sprint\/$/);
  });

  it("has no broken internal link, image, stylesheet or script", () => {
    expect(broken(results)).toEqual([]);
  });

  it("reached every page, asset and API document the pages link to", () => {
    const checked = new Set(
      results.filter((r) => r.state === LinkState.OK).map((r) => r.url.replace(url, "")),
    );
    for (const path of [
      "",
      "teams/",
      "teams/open-arms.html",
      "projects/",
      "projects/soft-grasp.html",
      "handbook/",
      "handbook/faq.html",
      "developers.html",
      "api/projects.json",
      "api/teams.json",
      "images/soft-grasp.svg",
      "sitemap.xml",
    ])
      expect(checked.has(path), path).toBe(true);
    expect([...checked].some((u) => u.startsWith("assets/site.css?v="))).toBe(true);
  });

  it("would catch a broken link and a missing image (the check can fail)", async () => {
    const root = await exampleRoot();
    await writeFile(
      join(root, "site/handbook/60-broken.md"),
      "# Broken\n\n[Nowhere](/nowhere.html) ![Missing](images/missing.svg)\n",
    );
    expect(broken((await crawl(root)).links).sort()).toEqual([
      "/sprint/images/missing.svg",
      "/sprint/nowhere.html",
    ]);
  });
});
