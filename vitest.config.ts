import { statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/helpers/longest-first.ts";

/**
 * Test folders on tmpfs where the machine has one with room: the suite makes and removes about a
 * hundred thousand files, and on ext4 the inode allocator's search past recently deleted inodes made
 * a third of its CPU system time (86 s → 50 s of 272 s, docs/performance.md). Elsewhere, the system's.
 */
function scratch(): Record<string, string> {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize >= 2 * 2 ** 30 ? { TMPDIR: "/dev/shm" } : {};
  } catch {
    return {};
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    globalSetup: ["test/helpers/compile.ts"],
    setupFiles: ["test/helpers/after-each-file.ts"],
    testTimeout: 30_000,
    env: scratch(),
    // Half again as many workers as cores: the GitHub scenes wait on Octokit's throttling queue
    // (a 1 ms timer per step, about 40 % of their time) and the command tests on child processes;
    // a third worker on two cores fills those gaps (168 s → 134 s, docs/performance.md).
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    // Test files share a worker's modules instead of importing octokit, ajv and the generator anew
    // each (a third of the suite's time). No test mocks a module or leaves global state behind.
    isolate: false,
    // The few long files first, wherever vitest would put them (test/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
  },
});
