import { defineConfig } from "vitest/config";

/** Tests that drive Debian's Chromium; `npm run test:browser`. */
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/helpers/compile.ts"],
    setupFiles: ["test/helpers/after-each-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
