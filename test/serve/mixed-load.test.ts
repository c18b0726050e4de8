import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { serve } from "../../generator/bench/load-test.ts";
import { formatMixed, mixedLoad, mixedRequests } from "../../generator/bench/mixed-load.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

/**
 * The local server under a bounded load of mixed valid and invalid requests (autocannon, 127.0.0.1,
 * the server in its own process): every answer has the status the contract gives its request,
 * no socket errors or timeouts, and memory settles once the server is warm.
 */
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  const out = await buildSite(await exampleRoot(), "http://localhost:4173/");
  ({ proc: server, url } = await serve(out, "ours"));
});
afterAll(() => void server.kill());

describe("the local server under mixed load", () => {
  it("answers every request as expected for 5 seconds, with no errors and stable memory", async () => {
    const options = { connections: 20, page: "teams/gripper-gang.html", pid: server.pid };
    // Warm: compressed copies made, code optimised, buffers allocated.
    await mixedLoad(url, { ...options, seconds: 2 });
    const figures = await mixedLoad(url, { ...options, seconds: 5 });
    console.log(formatMixed(figures));
    expect(figures.unexpected).toEqual({});
    expect(figures.errors).toBe(0);
    expect(figures.timeouts).toBe(0);
    expect(Object.keys(figures.statuses).sort()).toEqual(["200", "204", "400", "404", "405"]);
    expect(figures.requests).toBeGreaterThan(mixedRequests("").length * 20);
    // Stable: a warm server does not keep growing under the same load.
    expect(figures.memory!.after - figures.memory!.before).toBeLessThan(64);
  }, 60_000);
});
