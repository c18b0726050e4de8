import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { recordSlug } from "../../generator/scaffold/new-record.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { run as newRun } from "../../generator/cli/new/run.ts";

/** `npm run new` in this process (its `run()`): the first test starts the command itself. */
const newCommand = (args: string[]) => commandInProcess(newRun, args);

describe("npm run new", () => {
  it("writes a team and a project that validate (placeholders warned), with the slug, the schema line and every optional field as a comment", async () => {
    const root = await fixtureRoot();
    const team = await runCli("new", ["team", "Gripper Gang", "--root", root]);
    expect(team).toMatchObject({ code: 0, stderr: "" });
    expect(team.stdout).toContain("wrote records/teams/gripper-gang.yaml");
    const project = await runCli("new", [
      "project",
      "Sim2Real Arm",
      "--team",
      "gripper-gang",
      "--github",
      "ada-a",
      "--root",
      root,
    ]);
    expect(project.code).toBe(0);
    // Valid, with a warning at each placeholder until its author writes their own text.
    const found = (await check({ root })).diagnostics;
    expect(found.map((d) => `${d.severity} ${d.file}:${d.line} ${d.rule}`)).toEqual([
      "warning records/projects/sim2real-arm.yaml:3 placeholders",
      "warning records/projects/sim2real-arm.yaml:7 placeholders",
      "warning records/projects/sim2real-arm.yaml:16 placeholders",
      // Made without --github, the team names nobody who could change it later.
      "warning records/teams/gripper-gang.yaml:8 record-editable",
      "warning records/teams/gripper-gang.yaml:8 placeholders",
    ]);

    const teamText = await readFile(join(root, "records/teams/gripper-gang.yaml"), "utf8");
    expect(teamText.split("\n")[0]).toBe("# yaml-language-server: $schema=../schemas/team.schema.json");
    expect(teamText).toContain('name: "Gripper Gang"\n');
    for (const optional of ["skillsWanted", "about", "contact", "formerSlugs"])
      expect(teamText).toMatch(new RegExp(`^# ${optional}: \\S+ # \\S`, "m"));
    const projectText = await readFile(join(root, "records/projects/sim2real-arm.yaml"), "utf8");
    expect(projectText).toContain("teamSlug: gripper-gang\n");
    expect(projectText).toContain("    github: ada-a # your GitHub user name");
    for (const optional of ["track", "robots", "video", "images", "repo", "formerSlugs"])
      expect(projectText).toMatch(new RegExp(`^# ${optional}: \\S+ # \\S`, "m"));
  });

  it("refuses a slug that exists, a team that does not, and a name with no letters", async () => {
    const root = await fixtureRoot();
    const taken = await newCommand(["team", "Alpha Team", "--root", root]);
    expect(taken).toMatchObject({ code: 2, stdout: "" });
    expect(taken.stderr).toBe(
      "error: records/teams/alpha-team.yaml exists: choose another name, or edit that file\n",
    );
    const noTeam = await newCommand(["project", "Arm", "--team", "nobody", "--root", root]);
    expect(noTeam.stderr).toBe('error: --team must name a file in records/teams/ (found "nobody")\n');
    const empty = await newCommand(["team", "!!!", "--root", root]);
    expect(empty.stderr).toBe('error: the name must hold a letter or a digit (found "!!!")\n');
    const usage = await newCommand(["robot", "X", "--root", root]);
    expect(usage.stderr).toContain("usage: npm run new -- team");
    // CONTRIBUTING's placeholder, or a value that would add lines to the record, writes nothing.
    for (const github of ["YOUR_GITHUB_NAME", "me\nteamSlug: alpha-team"]) {
      const bad = await newCommand(["team", "Bolt Brigade", "--github", github, "--root", root]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`error: --github must be a GitHub user name`);
    }
    expect(existsSync(join(root, "records/teams/bolt-brigade.yaml"))).toBe(false);
  });

  it("makes slugs of lowercase words joined by hyphens", () => {
    expect(recordSlug("Gripper Gang")).toBe("gripper-gang");
    expect(recordSlug("  Sim2Real  Arm!! ")).toBe("sim2real-arm");
    expect(recordSlug("Tomás & Zoë")).toBe("tomas-zoe");
  });

  it("says to put -- before the flags when npm kept one and left its value among the words", async () => {
    const root = await fixtureRoot();
    const run = await newCommand(["team", "Bolt Brigade", "boltuser", "--root", root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'a kind and a name, such as team "Gripper Gang" (found 3 words: team Bolt Brigade boltuser); npm keeps flags such as --github for itself unless they come after --: npm run new -- team "Gripper Gang" --github your-name',
    );
  });
});
