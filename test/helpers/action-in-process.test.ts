import { existsSync } from "node:fs";
import * as core from "@actions/core";
import { describe, expect, it } from "vitest";
import { runInProcess, SUMMARY_DIR } from "./action-in-process.ts";
import { removeTempDirs } from "./fixture-root.ts";

/** A step that writes `text` to its summary, as the workflow steps do. */
const summarize = (text: string) => async () => {
  await core.summary.addRaw(text).write();
};

describe("a step run in the test's process", () => {
  // The folder was removed on the process's 'exit', which vitest's workers never emit: every run of
  // the suite left one a worker in the temporary folder.
  it("leaves no summary folder once its test file is done, and writes its summary in the next file", async () => {
    expect((await runInProcess(summarize("one"), {}, {})).summary).toBe("one");
    expect(existsSync(SUMMARY_DIR)).toBe(true);
    // What test/helpers/after-each-file.ts does when a file is done.
    await removeTempDirs();
    expect(existsSync(SUMMARY_DIR)).toBe(false);
    // The next file's run, in the same worker: @actions/core writes to the path it remembered.
    expect((await runInProcess(summarize("two"), {}, {})).summary).toBe("two");
  });
});
