import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFlags } from "../../generator/bench/node-flags.ts";
import { tempDir } from "../helpers/fixture-root.ts";

async function rootWith(scripts: Record<string, string>): Promise<string> {
  const root = await tempDir();
  await writeFile(join(root, "package.json"), JSON.stringify({ scripts }));
  return root;
}

describe("nodeFlags", () => {
  it("gives the benchmark the flags the commands run with", () => {
    // A young generation of 8 MB instead of 16 kept the 10,000 + 10,000 build's peak near 230 MiB
    // instead of 250-265 MiB, at the same speed.
    for (const script of ["start", "dev", "build", "validate"])
      expect(nodeFlags(script), script).toEqual(["--max-semi-space-size=8"]);
  });

  it("reads the flags between node and generator/run.mjs, or none", async () => {
    const root = await rootWith({
      a: "node --max-semi-space-size=4  --stack-size=900 generator/run.mjs generator/cli/build.ts",
      b: "node generator/run.mjs generator/cli/validate.ts",
    });
    expect(nodeFlags("a", root)).toEqual(["--max-semi-space-size=4", "--stack-size=900"]);
    expect(nodeFlags("b", root)).toEqual([]);
  });

  it("refuses a script that does not run a command through generator/run.mjs", async () => {
    const root = await rootWith({ test: "vitest run" });
    expect(() => nodeFlags("test", root)).toThrow('the npm script "test" should run node generator/run.mjs');
    expect(() => nodeFlags("missing", root)).toThrow('the npm script "missing"');
  });
});
