import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One direction of flow: records → load → validate → derive → render → write, then what uses a
 * build (the pipeline, Report's parts, the server, the scaffolds), then the commands and workflow
 * steps. A module imports from its own layer or below, never above (docs/architecture.md).
 */
const LAYERS: readonly (readonly string[])[] = [
  ["code-unit-order.ts", "record-layout.ts", "repo-root.ts", "diagnostics", "contract"],
  ["load", "cache"],
  ["validate", "judging"],
  ["derive"],
  ["render"],
  ["write"],
  [
    "pipeline.ts",
    "series.ts",
    "edition-outputs.ts",
    "build-memory.ts",
    "diff",
    "ownership",
    "report",
    "serve",
    "publish",
    "scaffold",
  ],
  ["cli", "github", "bench"],
];
const GENERATOR = join(import.meta.dirname, "../generator");
const layerOf = (file: string) => {
  const top = relative(GENERATOR, file).split("/")[0]!;
  const layer = LAYERS.findIndex((names) => names.includes(top));
  if (layer < 0) throw new Error(`${top} is in no layer: add it to LAYERS`);
  return layer;
};

describe("the generator's layers", () => {
  it("import only from their own layer or below", () => {
    const upward: string[] = [];
    const files = readdirSync(GENERATOR, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(200);
    for (const name of files) {
      const file = join(GENERATOR, name);
      for (const [, spec] of readFileSync(file, "utf8").matchAll(/from\s+"(\.{1,2}\/[^"]+\.ts)"/g)) {
        const target = join(dirname(file), spec!);
        if (layerOf(target) > layerOf(file)) upward.push(`${name} → ${relative(GENERATOR, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
