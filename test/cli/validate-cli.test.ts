import { appendFile, cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, fixtureRoot } from "../helpers/fixture-root.ts";
import { run as validateRun } from "../../generator/cli/validate/run.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { runCli } from "../helpers/run-cli.ts";
import { seriesRoot } from "../helpers/series-root.ts";

// The command's run() in this process, with the environment a process gets (runCli: vitest's
// BASE_URL left out); the first test runs it as the process npm starts.
const validate = (args: string[]) =>
  commandInProcess(validateRun, args, { env: { ...process.env, BASE_URL: undefined } });

describe("npm run validate", () => {
  it("prints one line per problem with file:line:column, severity and message, and exits 1 (the process)", async () => {
    const root = await fixtureRoot();
    for (const fixture of ["projects/project-track-invalid.yaml", "teams/team-recruiting-no-skills.yaml"])
      await cp(join(FIXTURES, "invalid", fixture), join(root, "records", fixture));
    const run = await runCli("validate", ["--root", root]);
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      'records/projects/project-track-invalid.yaml:7:8 error track must be one of sim, hardware, both or null (found "hw") Fix: Use a track id from records/event.yaml, or null. [project-track]',
      "records/teams/team-recruiting-no-skills.yaml:2:20 warning skillsWanted should list at least one skill while lookingForMembers is true (found an empty list) Fix: Add the skills you are looking for under skillsWanted. [team-recruiting]",
    ]);
    expect(run.stderr).toContain("1 error, 1 warning");
  });

  it("checks the archived editions under editions/<id>/ too, naming their files", async () => {
    const root = await seriesRoot();
    const file = "editions/2026/records/projects/soft-grasp.yaml";
    await writeFile(
      join(root, file),
      (await readFile(join(root, file), "utf8")).replace(/^track: .*$/m, "track: hw"),
    );
    const run = await validate(["--root", root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^${file}:\\d+:\\d+ error track must be one of`, "m"));
  });

  it("exits 0 when there are only warnings", async () => {
    const root = await fixtureRoot();
    await cp(
      join(FIXTURES, "invalid/projects/project-robot-unknown.yaml"),
      join(root, "records/projects/own-robot.yaml"),
    );
    const run = await validate(["--root", root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("records/projects/own-robot.yaml:5:5 warning");
  });

  it("warns of each judge the published assignment gives more than judging.perJudgeMax, and exits 0", async () => {
    const root = await fixtureRoot();
    // Both fixture projects to both judges, who may each score one (the event's first 36 lines are the fixture's).
    await appendFile(
      join(root, "records/event.yaml"),
      "judging:\n  perProject: 2\n  perJudgeMax: 1\njudges:\n  - name: Ada\n    affiliation: Lab\n  - name: Alan\n    affiliation: Lab\nrepository: org/sprint\n",
    );
    const run = await validate(["--root", root]);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      'records/event.yaml:41:5 warning judge "Ada" gets 2 projects, more than judging.perJudgeMax (1): a person can score about 1 in an afternoon Fix: Add judges, or lower judging.perProject (now 2), so each judge gets at most 1. [event-judge-load]',
      'records/event.yaml:43:5 warning judge "Alan" gets 2 projects, more than judging.perJudgeMax (1): a person can score about 1 in an afternoon Fix: Add judges, or lower judging.perProject (now 2), so each judge gets at most 1. [event-judge-load]',
    ]);
  });

  it("passes on the repository's own example event, warning only that it names no repository yet", async () => {
    const run = await validate([]);
    // A clone's sample, before init names the repository: the organiser learns what the pages lack.
    expect(run.stdout).toBe(
      "records/event.yaml:2:1 warning the event names no GitHub repository, so its pages link no form to register a team, submit a project or change a record Fix: Set repository: owner/name in records/event.yaml; a build in GitHub Actions knows it already. [event-repository-unknown]\n",
    );
    expect(run.code).toBe(0);
  });

  it("answers a wrong --format with one line and its usage, exit 2, and --help with the usage, exit 0", async () => {
    const wrong = await validate(["--format", "xml"]);
    expect([wrong.code, wrong.stdout]).toEqual([2, ""]);
    expect(wrong.stderr).toMatch(
      /^error: --format must be text or json \(found xml\)\n\nusage: npm run validate/,
    );
    const help = await validate(["--help"]);
    expect([help.code, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(/^usage: npm run validate[^]*--no-cache/);
  });

  it("prints diagnostics as JSON with --format json", async () => {
    const root = await fixtureRoot();
    await cp(
      join(FIXTURES, "invalid/projects/project-track-invalid.yaml"),
      join(root, "records/projects/x.yaml"),
    );
    const run = await validate(["--root", root, "--format", "json"]);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        file: "records/projects/x.yaml",
        line: 7,
        column: 8,
        severity: "error",
        rule: "project-track",
        message: 'track must be one of sim, hardware, both or null (found "hw")',
        expected: "one of sim, hardware, both or null",
        found: '"hw"',
        fix: "Use a track id from records/event.yaml, or null.",
      },
    ]);
  });
});
