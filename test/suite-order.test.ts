import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { LONGEST } from "./helpers/longest-first.ts";
import { REPO } from "./helpers/fixture-root.ts";

// A renamed or removed file would silently fall out of the front of the run (vitest.config.ts).
it("lists as the suite's longest files only test files that exist, each once", () => {
  expect(LONGEST.filter((file) => !existsSync(join(REPO, file)) || !file.endsWith(".test.ts"))).toEqual([]);
  expect(new Set(LONGEST).size).toBe(LONGEST.length);
});
