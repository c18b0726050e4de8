import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli, runProcess } from "../helpers/run-cli.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { cliOptions } from "../../generator/cli/options.ts";
import { run as tallyRun } from "../../generator/cli/tally/run.ts";
import { run as initRun } from "../../generator/cli/init/run.ts";
import { run as newRun } from "../../generator/cli/new/run.ts";

describe("every command", () => {
  it("prints its usage for --help and -h and stops with 0, writing nothing", async () => {
    // A process each for --help; -h too where the command reads its own flags (schema-types).
    // The site's commands read -h in cliOptions and new, tally and init in run(): in process below.
    const commands = ["build", "start", "dev", "validate", "forms", "new", "schema-types", "tally"];
    const asked = [...commands.map((command) => [command, "--help"]), ["schema-types", "-h"]];
    for (const [command, flag] of asked) {
      const run = await runCli(command!, [flag!]);
      expect(run.code, `${command} ${flag}`).toBe(0);
      expect(run.stdout, command).toMatch(/^usage: npm (run|start)/);
      expect(run.stderr, command).toBe("");
    }
    const bench = await runProcess(["compiled/bench/bench.mjs", "--help"], process.env);
    expect([bench.code, bench.stdout.slice(0, 20)]).toEqual([0, "usage: npm run bench"]);
  });

  it("reads -h as --help: the site's commands' shared flags, new's, tally's and init's", async () => {
    // build, start, dev, validate and forms print their usage on what cliOptions throws for --help.
    const thrown = (flag: string) => {
      try {
        cliOptions([flag], {});
      } catch (error) {
        return error as NodeJS.ErrnoException;
      }
    };
    const [long, short] = [thrown("--help"), thrown("-h")];
    expect(long).toBeInstanceOf(Error);
    expect(short?.constructor).toBe(long!.constructor);
    expect(String(short?.code)).not.toMatch(/^ERR_PARSE_ARGS/);
    for (const run of [newRun, tallyRun, initRun]) {
      const [help, h] = [await commandInProcess(run, ["--help"]), await commandInProcess(run, ["-h"])];
      expect(help).toMatchObject({ code: 0, stderr: "", stdout: expect.stringMatching(/^usage: npm run /) });
      expect(h).toEqual(help);
    }
  });

  it("answers a wrong flag or argument with one error line and the usage, not a parser's stack", async () => {
    for (const [command, args] of [
      ["build", ["--nope"]],
      ["new", ["--nope"]],
      ["new", ["robot", "X"]],
    ] as const) {
      const run = await runCli(command, [...args]);
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toMatch(/^error: .*\n[^]*usage: npm run/);
      expect(run.stderr, command).not.toMatch(/\n\s+at /);
    }
    // tally's and init's run() answer alike (their entry points print what it writes, as above).
    for (const run of [tallyRun, initRun]) {
      const wrong = await commandInProcess(run, ["--nope"]);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/^error: .*\n[^]*usage: npm run/);
      expect(wrong.stderr).not.toMatch(/\n\s+at /);
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
