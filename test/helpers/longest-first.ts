import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suite's longest files by CPU in a whole run (docs/performance.md, "The test suite"), longest
 * first. Without timings of its own (a fresh clone, CI) vitest runs the largest files first, and
 * these are among the smallest (a dozen lines calling a shared scene): they ran last, so the run
 * ended with one worker on a 20-second file while the other had nothing left. Listed here, they
 * start first and the short files fill in around them. A file not in the run is skipped.
 */
export const LONGEST = [
  "test/github/hour-after-app.test.ts",
  "test/github/hour-after-github-token.test.ts",
  "test/properties/warm-build-memory.property.test.ts",
  "test/properties/warm-build-cache.property.test.ts",
  "test/serve/send-file.test.ts",
  "test/properties/site-pages.property.test.ts",
];

/** vitest's order (its timings when it has them, else largest first) with LONGEST put in front. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(relative(file.project.config.root, file.moduleId).split("\\").join("/"));
      return at === -1 ? LONGEST.length : at;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
