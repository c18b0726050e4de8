import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/fixture-root.ts";
import { readWorkflow } from "./workflow-rules.ts";

interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  permissions?: unknown;
  steps: Step[];
}

const publish = async () =>
  readWorkflow("publish.yml", await readFile(join(REPO, ".github/workflows/publish.yml"), "utf8")).data as {
    jobs: Record<string, Job>;
  };

/**
 * Without a merge queue, two pull requests each valid alone can clash once both are on main (the
 * build itself is tested in test/publish/publish-problems.test.ts). Publish must then deploy
 * nothing, keep the last good site, and say which records clash, with the build job's read-only token.
 */
describe("Publish when the build fails", () => {
  it("deploys only after the build job passed: nothing after the build runs on its failure but the problems step", async () => {
    const { build, deploy } = (await publish()).jobs;
    expect(deploy!.needs).toBe("build");
    expect(deploy!.if).toBeUndefined();
    const at = build!.steps.findIndex((s) => s.run?.startsWith("npm run build"));
    expect(build!.steps[at]!.id).toBe("build");
    const after = build!.steps.slice(at + 1);
    expect(after.map((s) => s.if)).toEqual([
      "failure() && steps.build.outcome == 'failure'",
      ...after.slice(1).map(() => undefined),
    ]);
    expect(after.some((s) => s.uses?.startsWith("actions/upload-pages-artifact@"))).toBe(true);
  });

  it("names the records that stop the build from the compiled command, with the build job's read-only token and no secret", async () => {
    const { build } = (await publish()).jobs;
    const step = build!.steps.find((s) => s.if?.includes("failure()"))!;
    expect(step).toEqual({
      name: "Name the records that stop the build",
      if: "failure() && steps.build.outcome == 'failure'",
      run: "node compiled/cli/publish-problems.mjs",
    });
    expect(build!.permissions).toEqual({ contents: "read", pages: "read" });
    // The whole history, so git can tell which pull request last brought each record.
    const checkout = build!.steps.find((s) => s.uses?.startsWith("actions/checkout@")) as { with?: unknown };
    expect(checkout.with).toMatchObject({ "fetch-depth": 0, "persist-credentials": false });
  });
});
