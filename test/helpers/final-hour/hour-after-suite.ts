import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNERSHIP_CONTEXT } from "../../../generator/github/report/run.ts";
import type { Limits } from "../github-model/rate-limits.ts";
import { hourAfterScene, LATE, UPDATED, type HourAfterResult } from "./hour-after-scene.ts";

/**
 * The hour after's tests for one token (hour-after-scene.ts runs it once): what must hold, and
 * issue 55's goals. A goal the registry does not meet yet is an `it.fails` saying so: it fails the
 * day the goal holds, to be turned into an `it`. With HOUR_AFTER_FIGURES set (a folder), the
 * figures are written there for `npm run bench -- --only hour-after`.
 */
export function hourAfterSuite(
  name: string,
  slug: string,
  token: string,
  limits: Partial<Limits> & { writesPerHour: number },
  appSlug: string,
  /** The goals this token meets today: their tests are plain `it`s, the others `it.fails`. */
  met: ReadonlyArray<"timeout" | "clash"> = [],
) {
  const goal = (held: boolean) => (held ? it : it.fails);
  describe(`the hour after at 1/10 scale, with ${name}`, () => {
    let r: HourAfterResult;
    beforeAll(async () => {
      r = await hourAfterScene(token, limits, appSlug);
      const folder = process.env.HOUR_AFTER_FIGURES;
      if (folder) await writeFile(join(folder, `${slug}.json`), JSON.stringify({ name, ...r.figures }));
    }, 300_000);
    afterAll(() => r?.github.close());

    it("runs every workflow step to its end", () => {
      expect(r.hour.failures).toEqual([]);
    });

    it("merges every on-time pull request, and never the one changed after the deadline, judged late", () => {
      expect(r.figures).toMatchObject({ onTime: 30, merged: 30, late: 1 });
      const late = r.model.pull(r.pulls.get(LATE)!)!;
      expect([late.state, late.merged ?? false]).toEqual(["open", false]);
      expect(r.model.status(late.head.sha, OWNERSHIP_CONTEXT)?.description).toMatch(/^late: /);
    });

    it("never judges an on-time head late: an updated branch stays green, with no approval", () => {
      expect(r.figures.lateOnTime).toBe(0);
      for (const i of UPDATED) {
        const pr = r.model.pull(r.pulls.get(`hour-${i}`)!)!;
        expect([i, r.heads.has(pr.head.sha), r.model.status(pr.head.sha, OWNERSHIP_CONTEXT)?.state]).toEqual([
          i,
          true,
          "success",
        ]);
      }
      expect(r.model.reviews).toEqual([]);
    });

    it("merges one of two teams of one name and removes the other for failed checks", () => {
      const twins = ["twin-a", "twin-b"].map((key) => r.model.pull(r.pulls.get(key)!)!);
      // Both are on time; the first to reach the front of the queue wins.
      expect(twins.filter((p) => p.merged)).toHaveLength(1);
      const other = twins.find((p) => !p.merged)!;
      expect(other.state).toBe("open");
      const removed = r.hour.mergeQueue.removals.filter((x) => x.pull === other.number);
      expect(removed.map((x) => x.reason)).toContain("failed status checks");
    });

    // Met only where the write went through: Report writes the clash comment once, when the group
    // fails; past GitHub's write limit that write is refused and nothing writes it again (the board
    // lists the pull request under "Removed from the queue" meanwhile).
    goal(met.includes("clash"))(
      "tells the removed one's author which records clash, even past the write limit",
      () => {
        const twins = ["twin-a", "twin-b"].map((key) => r.model.pull(r.pulls.get(key)!)!);
        // Both are on time; the first to reach the front of the queue wins.
        const merged = twins.filter((p) => p.merged);
        expect(merged).toHaveLength(1);
        const other = twins.find((p) => !p.merged)!;
        expect(other.state).toBe("open");
        const removed = r.hour.mergeQueue.removals.filter((x) => x.pull === other.number);
        expect(removed.map((x) => x.reason)).toContain("failed status checks");
        // Its comment names both teams' records (as code, or as escaped Markdown text).
        const names = (c: { body: string }, login: string) =>
          c.body.includes(`records/teams/${login}.yaml`) ||
          c.body.includes(`records/teams/${login.replace("-", "\\-")}\\.yaml`);
        const named = r.model.comments.filter(
          (c) =>
            c.issue === other.number &&
            c.body.includes("removed from the queue") &&
            twins.every((p) => names(c, p.user.login)),
        );
        expect(named.length).toBeGreaterThan(0);
      },
    );

    it("spends at most 6 REST requests and 3 GraphQL points on a group, its artifact's download counted", () => {
      expect(r.figures.groups).toBeGreaterThanOrEqual(32);
      expect([r.figures.restPerGroup <= 6, r.figures.graphqlPerGroup <= 3]).toEqual([true, true]);
    });

    // Issue 55's goals, not met yet (docs/performance.md says why: GitHub's content writes an hour).
    it.fails("merges the last on-time pull request within 30 minutes of the deadline (goal)", () => {
      expect(r.figures.minutesToLastMerge).toBeLessThanOrEqual(30);
    });
    // One run by hand; its schedule carries it on (generator/github/enqueue/carry-on.ts).
    it("needs at most 3 organiser actions (goal)", () => {
      expect(r.figures.organiserActions).toBeLessThanOrEqual(3);
    });
    goal(met.includes("timeout"))("leaves no entry to GitHub's timeout (done when)", () => {
      expect(r.figures.timedOut).toBe(0);
    });
  });
}
