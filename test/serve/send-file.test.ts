import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../../generator/serve/start-server.ts";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

describe("serving while a build updates the folder", () => {
  it("answers every request with one whole version of a file, never a mix", async () => {
    const out = join(await tempDir(), "dist");
    const versions = ["small\n", `${"large ".repeat(50_000)}\n`];
    await writeSite(out, [{ path: "a.txt", body: versions[0]! }]);
    const { server, url } = await startServer({ root: out, port: 0 });
    let building = true;
    const builds = (async () => {
      for (let i = 1; i <= 300; i++) await writeSite(out, [{ path: "a.txt", body: versions[i % 2]! }]);
      building = false;
    })();
    const seen: string[] = [];
    const reader = async () => {
      while (building) {
        const response = await fetch(`${url}a.txt`, { headers: { "Cache-Control": "no-cache" } });
        seen.push(await response.text().catch((e: Error) => `failed: ${e.message}`));
      }
    };
    await Promise.all([builds, reader(), reader(), reader(), reader()]);
    server.close();
    const torn = seen.filter((body) => !versions.includes(body));
    expect(seen.length).toBeGreaterThan(100);
    expect(torn.map((body) => body.slice(0, 40))).toEqual([]);
  }, 60_000);
});
