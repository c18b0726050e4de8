import type { ChildProcess } from "node:child_process";
import { appendFile, cp, link, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exampleRoot, fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";
import { serveCommand } from "../helpers/serve-command.ts";
import { until } from "../helpers/until.ts";

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

/** A team looking for members that names no skill: a team-recruiting warning on line 2. */
const recruiting = (name: string) =>
  `name: ${name}\nlookingForMembers: true\nskillsWanted: []\nmembers:\n  - name: Ada\n    github: ada\n`;
const WARNED = 30;

/** How many times the build's summary line has been printed. */
const builds = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("built ")).length;

describe("npm run dev's problems", () => {
  it("on each rebuild are those of the files that changed, with one line counting the rest", async () => {
    const root = await fixtureRoot();
    // The event names its repository and a judge, so the only warnings are the teams' (no
    // event-repository-unknown, no event-judges-none).
    await appendFile(
      join(root, "records/event.yaml"),
      "repository: org/sprint\njudging:\n  perProject: 1\njudges:\n  - name: Ada\n    affiliation: Lab\n",
    );
    for (let i = 0; i < WARNED; i++)
      await writeFile(join(root, `records/teams/quiet-${i}.yaml`), recruiting(`Quiet ${i}`));
    const { child, output } = await serveCommand("dev", root);
    running.push(child);
    // The first build says how many, not each of them.
    expect(output.stdout).not.toContain("records/teams/quiet-");
    expect(output.stderr).toContain(`0 errors, ${WARNED} warnings (${WARNED} team-recruiting)`);
    expect(output.stderr).toContain("npm run validate lists them");

    // A save that gives one more team the same warning.
    const before = output.stdout.length;
    const errorsBefore = output.stderr.length;
    await writeFile(join(root, "records/teams/alpha-team.yaml"), recruiting("Alpha Team"));
    await until(() => (builds(output.stdout.slice(before)) > 0 ? true : undefined));
    const printed = output.stdout.slice(before);
    expect(printed).toMatch(/^records\/teams\/alpha-team\.yaml:2:\d+ warning .*\[team-recruiting\]$/m);
    expect(printed).not.toContain("records/teams/quiet-");
    expect(output.stderr.slice(errorsBefore)).toContain(
      `0 errors, ${WARNED + 1} warnings: 1 shown (new, or in the files saved since the last build); ${WARNED} as before (npm run validate lists them)`,
    );

    // A save that fixes it: nothing of the others is printed either.
    const after = output.stdout.length;
    await writeFile(
      join(root, "records/teams/alpha-team.yaml"),
      recruiting("Alpha Team").replace("skillsWanted: []", "skillsWanted: [ROS 2]"),
    );
    await until(() => (builds(output.stdout.slice(after)) > 0 ? true : undefined));
    expect(output.stdout.slice(after)).not.toMatch(/ warning /);
  });
});

describe("npm run dev's pages", () => {
  it("show a save in a record folder that was replaced whole (a branch checked out) since it started", async () => {
    const root = await fixtureRoot();
    const { child, output, url } = await serveCommand("dev", root);
    running.push(child);
    const teams = join(root, "records/teams");
    const page = () => fetch(`${url}teams/alpha-team.html`).then((response) => response.text());
    const rebuilt = async (act: () => Promise<unknown>) => {
      const before = output.stdout.length;
      await act();
      await until(() => (builds(output.stdout.slice(before)) > 0 ? true : undefined));
    };
    // The folder moved away and a copy put in its place: the same records in another folder.
    const aside = join(await tempDir(), "teams");
    await rebuilt(async () => {
      await rename(teams, aside);
      await cp(aside, teams, { recursive: true });
    });
    const file = join(teams, "alpha-team.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("name: Alpha Team", "name: Omega Team"));
    // The move and the copy may still be building when the save lands (under load CI saw the first
    // build after the save be the copy's, read before it): the save shows once its own build is done.
    await until(async () => ((await page()).includes('<h1 dir="auto">Omega Team</h1>') ? true : undefined));
  });
});

describe("npm run dev and changes no event names", () => {
  it("shows a record written through a link outside its folders once a build is done", async () => {
    const root = await fixtureRoot();
    const { child, url } = await serveCommand("dev", root);
    running.push(child);
    // The system tells the watcher of writes through the record's folder only: this one goes unnamed,
    // as a change does when the watcher's queue overflows.
    const aside = join(await tempDir(), "alpha-team.yaml");
    await link(join(root, "records/teams/alpha-team.yaml"), aside);
    await writeFile(aside, (await readFile(aside, "utf8")).replace("name: Alpha Team", "name: Unnamed Team"));
    // Any later save builds; once that build is done, the unnamed change is found and built too.
    const other = join(root, "records/teams/beta-team.yaml");
    await writeFile(other, `${await readFile(other, "utf8")}\n`);
    const page = () => fetch(`${url}teams/alpha-team.html`).then((response) => response.text());
    await until(async () => ((await page()).includes("Unnamed Team") ? true : undefined));
  });
});

describe("npm run dev and the issue forms", () => {
  it("writes the forms a renamed track made stale itself, says which, and goes on serving", async () => {
    const root = await exampleRoot();
    const { child, output, url } = await serveCommand("dev", root);
    running.push(child);
    const event = join(root, "records/event.yaml");
    const form = join(root, ".github/ISSUE_TEMPLATE/submit-project.yml");
    expect(await readFile(form, "utf8")).toContain("- Hardware (hardware)");
    const before = output.stdout.length;
    // Written over in place (the new text is longer), so no build can find the event emptied.
    await writeFile(
      event,
      (await readFile(event, "utf8")).replace("name: Hardware\n", "name: Metal Bench\n"),
      {
        flag: "r+",
      },
    );
    const updated =
      "updated the issue forms from records/event.yaml and the schemas (a form edited by hand is written again): submit-project.yml, update-project.yml; commit them with the event";
    // What the build after the forms were written printed (a save's burst may start more than one).
    const after = () => {
      const printed = output.stdout.slice(before);
      const at = printed.lastIndexOf(updated);
      return at !== -1 && builds(printed.slice(at)) > 0 ? printed.slice(at) : undefined;
    };
    const printed = await until(after);
    expect(printed).not.toContain("[forms-current]");
    expect(output.stderr.slice(before)).not.toContain("build stopped");
    expect(await readFile(form, "utf8")).toContain("- Metal Bench (hardware)");
    expect(await fetch(`${url}projects/`).then((response) => response.text())).toContain("Metal Bench");
    // What npm run forms writes: validate (and CI) find nothing to refuse.
    const validated = await runCli("validate", ["--root", root]);
    expect(validated.stdout).not.toContain("[forms-current]");
    expect(validated.code).toBe(0);
    // A form edited by hand is written back, without a build of its own.
    const edited = output.stdout.length;
    await writeFile(
      form,
      (await readFile(form, "utf8")).replace("- Metal Bench (hardware)", "- Hand made (hardware)"),
    );
    await until(() =>
      output.stdout.slice(edited).includes("updated the issue forms from") ? true : undefined,
    );
    expect(await readFile(form, "utf8")).toContain("- Metal Bench (hardware)");
    // Had its own write started a build, it would have printed by now (a save builds in 30 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(builds(output.stdout.slice(edited))).toBe(0);
  });
});
