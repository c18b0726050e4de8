import { execFileSync } from "node:child_process";
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgingAssignment, type Assignment } from "../../generator/derive/judging-assignment.ts";
import type { Model } from "../../generator/derive/model.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";
import { rankedFile } from "../judging/score-files.ts";

const LATE = "late-rover";
/** The sample event's one project whose team (gripper-gang) has an extension. */
const EXTENDED = "soft-grasp";

/** The sample event in git, its seed set once the on-time projects are in, on the first-parent line. */
async function eventInGit() {
  const root = await exampleRoot();
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      encoding: "utf8",
    });
  const commit = (message: string) => {
    git("add", "-A");
    git("commit", "-qm", message);
  };
  git("init", "-q", "-b", "main");
  commit("the on-time projects");
  await appendFile(join(root, "records/event.yaml"), "judging:\n  perProject: 2\n  seed: spring-tide-42\n");
  commit("the seed, as submissions close");
  return { root, commit };
}

/** An approved late project: a new record whose team has no extension. */
async function addLateProject(root: string): Promise<void> {
  const text = await readFile(join(root, "records/projects/lane-keeper.yaml"), "utf8");
  await writeFile(
    join(root, `records/projects/${LATE}.yaml`),
    text
      .replace("title: Lane Keeper", "title: Late Rover")
      .replace("teamSlug: line-followers", "teamSlug: null"),
  );
}

async function modelOf(root: string): Promise<Model> {
  const derived = await deriveSite({
    root,
    baseUrl: "https://example.org/",
    env: { SOURCE_DATE_EPOCH: "0" },
  });
  if (!derived.ok) throw new Error(JSON.stringify(derived.diagnostics));
  return derived.model;
}

const judgesOf = (assignment: Assignment, slug: string) =>
  assignment.judges.filter((j) => j.projects.includes(slug)).map((j) => j.name);

describe("a late project an organiser approved, merged after the seed", () => {
  it("gets its judges, at the end of their lists, and every other project keeps its judges", async () => {
    const { root, commit } = await eventInGit();
    const before = await modelOf(root);
    const was = judgingAssignment(before);
    await addLateProject(root);
    commit("merge the approved late pull request");
    const model = await modelOf(root);
    expect(model.lateArrivals).toEqual(new Map([[LATE, 0]]));
    // Its table is the free one in its track's area (by slug it would come before shelf-scout's);
    // every other project keeps its table.
    const tables = new Map(before.projects.map((p) => [p.slug, p.table]));
    for (const p of model.projects.filter((p) => p.slug !== LATE))
      expect(p.table, p.slug).toEqual(tables.get(p.slug));
    expect(model.projects.find((p) => p.slug === LATE)!.table).toMatchObject({
      label: "Table 14",
      area: { slug: "robot-arena", track: "hardware" },
    });
    const now = judgingAssignment(model);
    expect(judgesOf(now, LATE)).toHaveLength(2);
    for (const p of model.projects.filter((p) => p.slug !== LATE))
      expect(judgesOf(now, p.slug), p.slug).toEqual(judgesOf(was, p.slug));
    // Each judge's list as it was, the late project after it for the two given it.
    now.judges.forEach((j, i) => {
      const old = was.judges[i]!.projects;
      expect(j.projects.slice(0, old.length)).toEqual(old);
      expect(j.projects.slice(old.length)).toEqual(j.projects.length > old.length ? [LATE] : []);
    });
    expect(now.judges.filter((j) => j.projects.at(-1) === LATE)).toHaveLength(2);
    // Read as an on-time project (what the build did before it read the order of arrival), it moves some.
    const among = judgingAssignment({ ...model, lateArrivals: undefined });
    expect(model.projects.some((p) => judgesOf(among, p.slug).join() !== judgesOf(was, p.slug).join())).toBe(
      true,
    );
  });

  it("moves only the project that asks for power after the seed, to a free table with power", async () => {
    const { root, commit } = await eventInGit();
    const before = await modelOf(root);
    const file = join(root, "records/projects/cable-tidy.yaml");
    await appendFile(file, "needs: [power]\n");
    // Uncommitted (npm run dev), then merged as an organiser's approved change: the same tables.
    for (const step of ["saved", "merged"]) {
      if (step === "merged") commit("merge cable-tidy's approved change");
      const model = await modelOf(root);
      const was = new Map(before.projects.map((p) => [p.slug, p.table?.number]));
      const moved = model.projects.filter((p) => p.table?.number !== was.get(p.slug)).map((p) => p.slug);
      expect(moved, step).toEqual(["cable-tidy"]);
      expect(model.projects.find((p) => p.slug === "cable-tidy")!.table, step).toMatchObject({
        number: 10,
        area: { slug: "workshop", power: true },
      });
    }
  });

  it("stops the build when a second late project finds no table in its track's area, naming the counts", async () => {
    const { root, commit } = await eventInGit();
    await addLateProject(root);
    const text = await readFile(join(root, `records/projects/${LATE}.yaml`), "utf8");
    await writeFile(
      join(root, "records/projects/later-rover.yaml"),
      text.replace("Late Rover", "Later Rover"),
    );
    commit("merge two approved late pull requests");
    const derived = await deriveSite({
      root,
      baseUrl: "https://example.org/",
      env: { SOURCE_DATE_EPOCH: "0" },
    });
    expect(derived.ok).toBe(false);
    expect(derived.diagnostics.map((d) => [d.file, d.rule, d.message, d.fix])).toEqual([
      [
        "records/event.yaml",
        "expo-tables-enough",
        "expo.areas must have 5 tables for the 5 projects of track hardware (found 4 tables in its areas)",
        "Add tables to an area (its tables: count) or add an area for track hardware: 1 more table at least. Or place projects by hand in judging.tables.",
      ],
    ]);
  });

  it("keeps a team's extension: its project comes after the on-time ones, and before a late arrival", async () => {
    const { root, commit } = await eventInGit();
    await addLateProject(root);
    commit("merge the approved late pull request");
    const { judges } = judgingAssignment(await modelOf(root));
    for (const { projects } of judges.filter((j) => j.projects.includes(EXTENDED))) {
      const after = projects.slice(projects.indexOf(EXTENDED) + 1);
      expect(after.filter((slug) => slug !== LATE)).toEqual([]);
    }
  });

  it("is in the tally's assignment as in the site's: the judges who scored their lists before it are asked for it alone", async () => {
    const { root, commit } = await eventInGit();
    const was = judgingAssignment(await modelOf(root));
    await addLateProject(root);
    commit("merge the approved late pull request");
    const dir = await tempDir("scores-");
    const files = await Promise.all(
      was.judges.map(async ({ name, projects }, i) => {
        const file = join(dir, `judge-${i}.json`);
        await writeFile(file, JSON.stringify(rankedFile(name, projects)));
        return file;
      }),
    );
    const run = await runCli("tally", ["--root", root, ...files]);
    expect(run.stderr).toBe("");
    const asked = run.stdout.split("\n").filter((line) => / scored \d+ of /.test(line));
    const given = judgingAssignment(await modelOf(root)).judges.filter((j) => j.projects.includes(LATE));
    expect(asked).toEqual(
      given.map(
        (j) =>
          `${j.name} scored ${j.projects.length - 1} of the ${j.projects.length} projects the assignment gave them; not: ${LATE}`,
      ),
    );
  });
});
