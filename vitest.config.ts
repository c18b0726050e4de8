import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/helpers/longest-first.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    globalSetup: ["test/helpers/compile.ts"],
    setupFiles: ["test/helpers/after-each-file.ts"],
    testTimeout: 30_000,
    // Most of the suite's time is child processes and waits (Report's API calls are spaced a
    // second apart), so one worker per core; vitest's default leaves one of two cores idle.
    maxWorkers: "100%",
    // Test files share a worker's modules instead of importing octokit, ajv and the generator anew
    // each (a third of the suite's time). No test mocks a module or leaves global state behind.
    isolate: false,
    // The few long files first, wherever vitest would put them (test/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
  },
});
