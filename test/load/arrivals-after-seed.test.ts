import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { arrivalsAfterSeed } from "../../generator/load/arrivals-after-seed.ts";
import { GitFailed } from "../../generator/load/git-answer.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/**
 * A repository whose records sit in `under` (the build's root), on branch main. Every commit is
 * dated 2099 and the next earlier, so a test that passes shows dates decide nothing.
 */
async function repository(under = "") {
  const top = await tempDir("arrivals-");
  const root = join(top, under);
  await mkdir(join(root, "records/projects"), { recursive: true });
  let day = 28;
  const git = (...args: string[]) => {
    const when = `2099-01-${String(day).padStart(2, "0")}T12:00:00Z`;
    return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      env: { ...process.env, GIT_COMMITTER_DATE: when, GIT_AUTHOR_DATE: when },
      encoding: "utf8",
    });
  };
  git("init", "-q", "-b", "main");
  const write = (file: string, text: string) => writeFile(join(root, file), text);
  const event = (seed?: string, more = "") =>
    write("records/event.yaml", `name: Sprint\n${seed ? `judging:\n  seed: ${seed}\n` : ""}${more}`);
  const project = (slug: string) => write(`records/projects/${slug}.yaml`, `title: ${slug}\n`);
  const commit = (message: string) => {
    day--;
    git("add", "-A");
    git("commit", "-qm", message);
  };
  return { root, git, event, project, commit };
}

const SLUGS = ["a", "b", "c", "d", "e"];

describe("projects that reached the branch after the judging seed was set", () => {
  it("are none without a seed, or while the seed is not yet committed", async () => {
    const repo = await repository();
    await repo.event();
    await repo.project("a");
    repo.commit("records");
    await repo.project("b");
    repo.commit("b");
    expect(await arrivalsAfterSeed(repo.root, null, ["a", "b"])).toEqual(new Map());
    await repo.event("spring-tide-42");
    expect(await arrivalsAfterSeed(repo.root, "spring-tide-42", ["a", "b"])).toEqual(new Map());
  });

  it("are numbered in the order the first-parent line took them, whatever the commits' dates; one not committed comes last", async () => {
    const repo = await repository();
    await repo.event();
    await Promise.all(["a", "b"].map(repo.project));
    repo.commit("on time");
    await repo.event("spring-tide-42");
    repo.commit("the seed, once the on-time projects are in");
    await repo.project("c");
    repo.commit("an approved late project");
    // A pull request merged with a merge commit: its own commit is older than anything on main.
    repo.git("checkout", "-qb", "late-team", "main~1");
    await repo.project("d");
    repo.commit("another late project, dated earliest of all");
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--no-ff", "late-team", "-m", "merge");
    await repo.event("spring-tide-42", "awards: []\n");
    repo.commit("the winners: the event changes, its seed does not");
    await repo.project("e");
    expect(await arrivalsAfterSeed(repo.root, "spring-tide-42", SLUGS)).toEqual(
      new Map([
        ["c", 0],
        ["d", 1],
        ["e", 2],
      ]),
    );
  });

  it("start again from a changed seed, which hands every project out again", async () => {
    const repo = await repository();
    await repo.event("first");
    await repo.project("a");
    repo.commit("seed");
    await repo.project("b");
    repo.commit("b");
    expect(await arrivalsAfterSeed(repo.root, "first", ["a", "b"])).toEqual(new Map([["b", 0]]));
    await repo.event("second");
    repo.commit("a new seed");
    await repo.project("c");
    repo.commit("c");
    expect(await arrivalsAfterSeed(repo.root, "second", ["a", "b", "c"])).toEqual(new Map([["c", 0]]));
  });

  it("count a project renamed or added again after the seed as arrived then", async () => {
    const repo = await repository("event");
    await repo.event("spring-tide-42");
    await Promise.all(["a", "b"].map(repo.project));
    repo.commit("seed");
    repo.git("mv", "records/projects/a.yaml", "records/projects/a2.yaml");
    repo.commit("a renamed");
    repo.git("rm", "-q", "records/projects/b.yaml");
    repo.commit("b removed");
    await repo.project("b");
    repo.commit("b back");
    expect(await arrivalsAfterSeed(repo.root, "spring-tide-42", ["a2", "b"])).toEqual(
      new Map([
        ["a2", 0],
        // Numbered among the commits that added a project: the removal is none.
        ["b", 1],
      ]),
    );
  });

  it("read each version of the event as the build reads a record: one that does not read ends the seed's run", async () => {
    const repo = await repository();
    await repo.event("spring-tide-42");
    await repo.project("a");
    repo.commit("seed");
    await repo.project("b");
    repo.commit("b, late");
    // An alias the build refuses in a record (the yaml package alone would have read through it).
    await repo.event(undefined, "judging: &j\n  seed: spring-tide-42\nmore: *j\n");
    repo.commit("an event version the build refused");
    await repo.event("spring-tide-42");
    repo.commit("the event fixed");
    await repo.project("c");
    repo.commit("c, late");
    // Whether the seed held through the refused version is not known: it counts from the fix.
    expect(await arrivalsAfterSeed(repo.root, "spring-tide-42", ["a", "b", "c"])).toEqual(
      new Map([["c", 0]]),
    );
  });

  it("are none outside git, or in a repository without a commit", async () => {
    const root = await tempDir("no-git-");
    expect(await arrivalsAfterSeed(root, "spring-tide-42", ["a"])).toEqual(new Map());
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root });
    expect(await arrivalsAfterSeed(root, "spring-tide-42", ["a"])).toEqual(new Map());
  });

  it("are a GitFailed, not none, when git cannot read a version of the event it names", async () => {
    const repo = await repository();
    await repo.event("spring-tide-42");
    await repo.project("a");
    repo.commit("seed");
    await repo.project("b");
    repo.commit("b, late");
    // A damaged clone: the event's version at the seed is gone from git's objects.
    const oid = repo.git("rev-parse", "HEAD:records/event.yaml").trim();
    await rm(join(repo.root, ".git/objects", oid.slice(0, 2), oid.slice(2)));
    await expect(arrivalsAfterSeed(repo.root, "spring-tide-42", ["a", "b"])).rejects.toThrow(
      new GitFailed("cat-file --batch", `${oid} missing (an object git named)`),
    );
  });

  it("are a GitFailed in a shallow clone, whose history stops before the seed may have been set", async () => {
    const repo = await repository();
    await repo.event("spring-tide-42");
    await repo.project("a");
    repo.commit("seed");
    await repo.project("b");
    repo.commit("b, late");
    const clone = await tempDir("shallow-");
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo.root}`, clone]);
    await expect(arrivalsAfterSeed(clone, "spring-tide-42", ["a", "b"])).rejects.toBeInstanceOf(GitFailed);
  });
});
