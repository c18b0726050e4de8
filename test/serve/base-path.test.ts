import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureRoot } from "../helpers/fixture-root.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/** A site built for `…/sprint/` is served under /sprint/, as a GitHub Pages project site is. */
let server: Server;
let url: string;

beforeAll(async () => {
  ({ server, url } = await serveBuilt(await fixtureRoot(), "/sprint/"));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const send = (path: string) => rawRequest(url, "GET", path);

describe("the local server under a base path", () => {
  it("serves the site under the prefix", async () => {
    const home = await send("/sprint/");
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${url}">`);
    expect((await send("/sprint/api/projects.json")).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
  });

  it("redirects the bare prefix and folders to their trailing-slash form, inside the prefix", async () => {
    expect([(await send("/sprint")).status, (await send("/sprint")).headers.location]).toEqual([
      301,
      "/sprint/",
    ]);
    expect((await send("/sprint/teams")).headers.location).toBe("/sprint/teams/");
  });

  it("answers paths outside the prefix with the 404, as JSON under /api/", async () => {
    const api = await send("/api/projects.json");
    expect([api.status, api.headers["content-type"], JSON.parse(api.body).code]).toEqual([
      404,
      "application/json; charset=utf-8",
      "not_found",
    ]);
    const page = await send("/teams/alpha-team.html");
    expect([page.status, page.headers["content-type"]]).toEqual([404, "text/html; charset=utf-8"]);
    const inside = await send("/sprint/api/nothing.json");
    expect([inside.status, inside.headers["content-type"]]).toEqual([404, "application/json; charset=utf-8"]);
  });

  it("serves no host file under the prefix, however its name is spelt", async () => {
    for (const path of ["/sprint/_headers", "/sprint/%5Fheaders", "/sprint/.//%5fredirects"]) {
      const host = await send(path);
      expect([host.status, host.headers["content-type"]], path).toEqual([404, "text/html; charset=utf-8"]);
    }
  });
});
