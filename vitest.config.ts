import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    globalSetup: ["test/helpers/compile.ts"],
    testTimeout: 30_000,
  },
});
