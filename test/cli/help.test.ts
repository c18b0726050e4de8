import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli, runProcess } from "../helpers/run-cli.ts";

describe("every command", () => {
  it("prints its usage for --help and -h and stops with 0, writing nothing", async () => {
    const commands = ["build", "start", "dev", "validate", "forms", "new", "schema-types", "tally"];
    for (const command of commands)
      for (const flag of ["--help", "-h"]) {
        const run = await runCli(command, [flag]);
        expect(run.code, `${command} ${flag}`).toBe(0);
        expect(run.stdout, command).toMatch(/^usage: npm (run|start)/);
        expect(run.stderr, command).toBe("");
      }
    const bench = await runProcess(["compiled/bench/bench.mjs", "--help"], process.env);
    expect([bench.code, bench.stdout.slice(0, 20)]).toEqual([0, "usage: npm run bench"]);
  });

  it("answers a wrong flag or argument with one error line and the usage, not a parser's stack", async () => {
    for (const [command, args] of [
      ["build", ["--nope"]],
      ["new", ["--nope"]],
      ["new", ["robot", "X"]],
      ["tally", ["--nope"]],
    ] as const) {
      const run = await runCli(command, [...args]);
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toMatch(/^error: .*\n[^]*usage: npm run/);
      expect(run.stderr, command).not.toMatch(/\n\s+at /);
    }
  });

  it("writes diagnostics as JSON alone on stdout, and counts in words that agree with the number", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "records/teams/broken.yaml"), "name: [\n");
    const json = await runCli("validate", ["--root", root, "--format", "json"]);
    expect(JSON.parse(json.stdout)).toMatchObject([{ file: "records/teams/broken.yaml", severity: "error" }]);
    const one = await fixtureRoot();
    for (const folder of ["records/teams", "records/projects"]) {
      await rm(join(one, folder), { recursive: true });
      await mkdir(join(one, folder));
    }
    const built = await runCli("build", ["--root", one, "--out", join(await tempDir(), "site")]);
    expect(built.stdout).toMatch(
      /^built 1 record \(0 from the cache\) into \d+ documents \(\d+ files, \d+ bytes\)/m,
    );
  });
});
