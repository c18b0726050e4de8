import { execFileSync } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GitHistories, readStatus, startGitInputs } from "../../generator/load/git-inputs.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";

const ALPHA = "records/teams/alpha-team.yaml";
const BETA = "records/teams/beta-team.yaml";

/** A fixture root in git with everything committed at `at`; `commit` commits all again at another time. */
async function repository(at: string) {
  const root = await fixtureRoot();
  const git = (when: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      env: { ...process.env, GIT_COMMITTER_DATE: when, GIT_AUTHOR_DATE: when },
      encoding: "utf8",
    }).trim();
  git(at, "init", "-q");
  git(at, "add", ".");
  git(at, "commit", "-qm", "records");
  return {
    root,
    git,
    head: () => git(at, "rev-parse", "HEAD"),
    commit: (when: string, ...all: string[]) => {
      if (all.length) git(when, "add", ...all);
      return git(when, "commit", "-qam", "again");
    },
  };
}

describe("what git says of the inputs", () => {
  it("names every path a status line can carry: edited, staged, renamed (not its old name), unmerged, untracked", () => {
    const oid = "9b8096a635f64d23f343949dcf15a3492da1b22d";
    const text = [
      `# branch.oid ${oid}`,
      "# branch.head main",
      `1 .M N... 100644 100644 100644 ${oid} ${oid} records/teams/a b.yaml`,
      `2 R. N... 100644 100644 100644 ${oid} ${oid} R100 records/teams/new.yaml`,
      "records/teams/old.yaml",
      `u UU N... 100644 100644 100644 100644 ${oid} ${oid} ${oid} records/event.yaml`,
      "? site/pages/x y.md",
      "",
    ].join("\0");
    expect(readStatus(text)).toEqual({
      head: oid,
      changed: new Set([
        "records/teams/a b.yaml",
        "records/teams/new.yaml",
        "records/event.yaml",
        "site/pages/x y.md",
      ]),
    });
    expect(
      readStatus("# branch.oid (initial)\0# branch.head main\0? records/event.yaml\0").head,
    ).toBeUndefined();
  });

  it("gives each file's newest commit, the newest of all, and what changed since", async () => {
    const repo = await repository("2025-01-02T03:04:05Z");
    await writeFile(join(repo.root, BETA), `${await readFile(join(repo.root, BETA), "utf8")}# edited\n`);
    repo.commit("2025-03-04T05:06:07Z");
    await writeFile(join(repo.root, ALPHA), `${await readFile(join(repo.root, ALPHA), "utf8")}# edited\n`);
    await writeFile(join(repo.root, "records/teams/new team.yaml"), "name: New\n");
    // Any byte but NUL may be in a name: one that looks like the log's own marks is still a name.
    const odd = "records/teams/odd\x01 \n1.yaml";
    await writeFile(join(repo.root, odd), "name: Odd\n");
    const said = (await startGitInputs(repo.root))!;
    expect(said.committed.get(ALPHA)).toBe(Date.parse("2025-01-02T03:04:05Z"));
    expect(said.committed.get(BETA)).toBe(Date.parse("2025-03-04T05:06:07Z"));
    expect(said.newest).toBe(Date.parse("2025-03-04T05:06:07Z"));
    expect(said.changed).toEqual(new Set([ALPHA, "records/teams/new team.yaml", odd]));
    repo.commit("2025-04-05T06:07:08Z", "-A");
    const after = (await startGitInputs(repo.root))!;
    expect(after.committed.get(odd)).toBe(Date.parse("2025-04-05T06:07:08Z"));
    expect(after.committed.get(BETA)).toBe(Date.parse("2025-03-04T05:06:07Z"));
    expect(after.changed.size).toBe(0);
  });

  it("keeps a history for the commit it was read at, and reads again once HEAD has moved", async () => {
    const repo = await repository("2025-01-02T03:04:05Z");
    const kept = new GitHistories();
    expect((await startGitInputs(repo.root, kept))!.newest).toBe(Date.parse("2025-01-02T03:04:05Z"));
    const head = repo.head();
    expect(kept.of(repo.root, head)).toBe(kept.of(repo.root, head));
    await writeFile(join(repo.root, ALPHA), "name: Alpha\n");
    repo.commit("2025-02-03T04:05:06Z");
    const said = (await startGitInputs(repo.root, kept))!;
    expect(said.newest).toBe(Date.parse("2025-02-03T04:05:06Z"));
    expect(said.committed.get(ALPHA)).toBe(Date.parse("2025-02-03T04:05:06Z"));
    expect(said.changed.size).toBe(0);
  });

  it("names files from the root it was given when that is a folder inside the repository (--root)", async () => {
    // git names paths from the top of the repository; the build names them from its root.
    const top = await tempDir();
    const root = join(top, "event");
    await cp(await fixtureRoot(), root, { recursive: true });
    const at = "2025-01-02T03:04:05Z";
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
        cwd: top,
        env: { ...process.env, GIT_COMMITTER_DATE: at, GIT_AUTHOR_DATE: at },
      });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "records");
    await writeFile(join(root, BETA), `${await readFile(join(root, BETA), "utf8")}# edited\n`);
    const said = (await startGitInputs(root))!;
    expect(said.committed.get(ALPHA)).toBe(Date.parse(at));
    expect(said.changed).toEqual(new Set([BETA]));
  });

  it("dates a change when it reached the branch, not by the date a pull request's commit claims", async () => {
    const repo = await repository("2025-01-02T03:04:05Z");
    const branch = repo.git("2025-01-02T03:04:05Z", "branch", "--show-current");
    // A contributor's commit, dated 2099 by its author, merged on 2025-03-04.
    repo.git("2025-01-02T03:04:05Z", "checkout", "-qb", "contribution");
    await writeFile(join(repo.root, BETA), `${await readFile(join(repo.root, BETA), "utf8")}# edited\n`);
    repo.commit("2099-01-01T00:00:00Z");
    repo.git("2025-02-01T00:00:00Z", "checkout", "-q", branch);
    await writeFile(join(repo.root, ALPHA), `${await readFile(join(repo.root, ALPHA), "utf8")}# edited\n`);
    repo.commit("2025-02-01T00:00:00Z");
    repo.git("2025-03-04T05:06:07Z", "merge", "-q", "--no-ff", "contribution", "-m", "merge");
    const said = (await startGitInputs(repo.root))!;
    expect(said.committed.get(BETA)).toBe(Date.parse("2025-03-04T05:06:07Z"));
    expect(said.committed.get(ALPHA)).toBe(Date.parse("2025-02-01T00:00:00Z"));
    expect(said.newest).toBe(Date.parse("2025-03-04T05:06:07Z"));
  });

  it("says nothing outside git", async () => {
    expect(await startGitInputs(await tempDir())).toBeUndefined();
  });
});
