import { execFileSync } from "node:child_process";
import { appendFile, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SEED_HISTORY_RULE } from "../../generator/load/seed-history.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** The small valid event in git with `judging.seed` set, then a late project; `damaged` removes the event's version at the seed from git's objects. */
async function seededEvent(damaged: boolean) {
  const root = await fixtureRoot();
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      encoding: "utf8",
    });
  git("init", "-q", "-b", "main");
  await appendFile(join(root, "records/event.yaml"), "judging:\n  seed: spring-tide-42\n");
  git("add", "-A", "--", "records/event.yaml", "records/teams", "records/projects/alpha-bot.yaml");
  git("commit", "-qm", "the seed, with the on-time project");
  git("add", "-A");
  git("commit", "-qm", "beta-sim, late");
  const oid = git("rev-parse", "HEAD:records/event.yaml").trim();
  if (damaged) await rm(join(root, ".git/objects", oid.slice(0, 2), oid.slice(2)));
  return { root, oid };
}

const derive = (root: string) =>
  deriveSite({ root, baseUrl: "https://example.org/", env: { SOURCE_DATE_EPOCH: "0" } });

describe("the judging seed's history as the build reads it", () => {
  it("names the projects that came after the seed when git reads it", async () => {
    const { root } = await seededEvent(false);
    const derived = await derive(root);
    expect(derived.ok && derived.model.lateArrivals).toEqual(new Map([["beta-sim", 0]]));
  });

  it("stops the build at judging.seed, saying why, when git is there and cannot read it (never handed out as if none came late)", async () => {
    const { root, oid } = await seededEvent(true);
    const derived = await derive(root);
    expect(derived.ok).toBe(false);
    const errors = derived.diagnostics.filter((d) => d.rule === SEED_HISTORY_RULE);
    expect(errors).toEqual([
      expect.objectContaining({
        file: "records/event.yaml",
        line: expect.any(Number),
        severity: "error",
        found: `git cat-file --batch failed: ${oid} missing (an object git named)`,
        fix: expect.stringContaining("git fsck"),
      }),
    ]);
    const text = await readFile(join(root, "records/event.yaml"), "utf8");
    expect(text.split("\n")[errors[0]!.line - 1]).toContain("seed: spring-tide-42");
  });
});
