import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/fixture-root.ts";

/** Developer tools, run where devDependencies are installed: the type generator and the benchmark. */
const DEVELOPER_TOOLS = ["cli/schema-types.mjs", "bench/"];

describe("the compiled commands and Action steps", () => {
  it("load no devDependency at run time, so `npm ci --omit=dev` is enough to run them", async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    const dev = Object.keys(pkg.devDependencies);
    const compiled = join(REPO, "compiled");
    const files = (await readdir(compiled, { recursive: true }))
      .filter((f) => f.endsWith(".mjs") && !DEVELOPER_TOOLS.some((tool) => f.startsWith(tool)))
      .sort();
    expect(files).toContain("github/validate/index.mjs");
    const loaded: string[] = [];
    for (const file of files) {
      const text = await readFile(join(compiled, file), "utf8");
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)) {
        const name = specifier!.startsWith("@")
          ? specifier!.split("/").slice(0, 2).join("/")
          : specifier!.split("/")[0]!;
        if (dev.includes(name)) loaded.push(`${file}: ${specifier}`);
      }
    }
    expect(loaded).toEqual([]);
  });
});
