import { defineConfig } from "vitest/config";

/** Tests that drive Debian's Chromium; `npm run test:browser`. */
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/helpers/compile.ts"],
    setupFiles: ["test/helpers/after-each-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at once on two cores: a file mostly waits (on Chromium, a build, a dev server's
    // rebuild); vitest's default of cores − 1 ran the 26 files one after another.
    maxWorkers: "100%",
    // Files share their worker's modules (playwright-core, the generator), as in vitest.config.ts:
    // no browser test mocks a module or leaves global state behind; each file starts its own
    // Chromium and servers and closes them after its tests.
    isolate: false,
  },
});
