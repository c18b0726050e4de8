import { execFileSync } from "node:child_process";
import { cp, readdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { check } from "../../generator/pipeline.ts";
import { EXAMPLE, tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";
import { runCli } from "../helpers/run-cli.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { buildSite } from "../helpers/build-site.ts";
import { run as initRun } from "../../generator/cli/init/run.ts";

/** The template's clone, made once per file (two git processes), copied for each test. */
let clone: Promise<string> | undefined;

/** A fresh clone of the template: the sample event, its forms, and an origin remote on GitHub. */
async function freshFork(): Promise<string> {
  clone ??= (async () => {
    const root = await tempDir();
    for (const part of ["records", "site", ".github"])
      await cp(join(EXAMPLE, part), join(root, part), { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["remote", "add", "origin", "https://github.com/robo-org/robo-jam.git"], {
      cwd: root,
    });
    return root;
  })();
  const root = await tempDir();
  await cp(await clone, root, { recursive: true });
  return root;
}

/** `npm run init` in this process (its `run()`): the first test starts the command itself. */
const init = (args: string[]) => commandInProcess(initRun, args);

const GOOD = { name: "Robo Jam", start: "2027-03-06", end: "2027-03-07", timezone: "Europe/Paris" };
const flags = (values: Record<string, string>) =>
  Object.entries({ ...GOOD, ...values }).flatMap(([flag, value]) => [`--${flag}`, value]);
const FLAGS = flags({});

/** Values the event's schema or validation rules refuse, each with the flag that must be named. */
const BAD: Array<[string, string[], string]> = [
  ["a name with a line break", flags({ name: "Robo\nJam" }), "--name"],
  ["an end before the start", flags({ start: "2027-03-08" }), "--end"],
  [
    "a registration link that is not http(s)",
    [...FLAGS, "--registration", "javascript:alert(1)"],
    "--registration",
  ],
  ["a robot name with a direction override", [...FLAGS, "--robot", "Turtle\u202eBot"], "--robot"],
  ["a repository that is not owner/name", [...FLAGS, "--repository", "not a repo"], "--repository"],
  ["two tracks with one id", [...FLAGS, "--track", "Sim", "--track", "sim"], "--track"],
  ["a venue on two lines", [...FLAGS, "--venue", "Hall\nB", "--address", "1 Road"], "--venue"],
  ["an organiser who is no GitHub user", [...FLAGS, "--organiser", "bad name"], "--organiser"],
  ["a deadline that is no time", [...FLAGS, "--submission-deadline", "tomorrow"], "--submission-deadline"],
  [
    "a deadline the clocks skip in the event's zone",
    [...FLAGS, "--submission-deadline", "2027-03-28 02:30"],
    "--submission-deadline",
  ],
  [
    "registration closing after submissions",
    [...FLAGS, "--registration-deadline", "2027-03-07 15:00", "--submission-deadline", "2027-03-07 14:00"],
    "--registration-deadline",
  ],
  ["a time zone that is none", flags({ timezone: "Mars/Olympus" }), "--timezone"],
];

/**
 * Where a built file names one of the sample's track ids as an id: in code, quotes, a filter value
 * or `track: …` (the words "hardware" and "both" in prose are no track).
 */
const OLD_TRACK_ID =
  /(<code>|&quot;|["'`(=]|track: ?)(sim|hardware|both)(<\/code>|&quot;|["'`)&,]|\s*$)|Sim-to-real/m;

async function oldTrackIds(dist: string): Promise<string[]> {
  const found: string[] = [];
  for (const [path, bytes] of await readTree(dist)) {
    const match = OLD_TRACK_ID.exec(bytes.toString("utf8"));
    if (match) found.push(`${path}: ${match[0]}`);
  }
  return found;
}

describe("npm run init", () => {
  it("makes a fork the organiser's event: event written, samples gone, forms matching, built, checklist printed", async () => {
    const root = await freshFork();
    const run = await runCli("init", [
      "--root",
      root,
      ...FLAGS,
      "--organiser",
      "me",
      "--track",
      "Sim to real",
      "--registration-deadline",
      "2027-03-06 12:00",
      "--submission-deadline",
      "2027-03-07T14:00:00+01:00",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const event = parse(await readFile(join(root, "records/event.yaml"), "utf8")) as Record<string, unknown>;
    expect(event).toMatchObject({
      name: "Robo Jam",
      startDate: "2027-03-06",
      timezone: "Europe/Paris",
      organisers: ["me"],
      repository: "robo-org/robo-jam",
      tracks: [{ id: "sim-to-real", name: "Sim to real" }],
      // A local time is read in the event's zone; a time with its offset is kept as written.
      deadlines: { registration: "2027-03-06T12:00:00+01:00", submission: "2027-03-07T14:00:00+01:00" },
    });
    for (const folder of ["records/teams", "records/projects", "site/public/images"])
      expect(await readdir(join(root, folder)), folder).toEqual([".gitkeep"]);
    // Valid, with a warning for each value init made up (and printed), the forms written for this
    // event, and the site built.
    const checked = await check({ root });
    const warned = checked.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.message.split(" ")[0]}`);
    expect(warned).toEqual([
      "warning placeholders tagline",
      "warning placeholders venue.name",
      "warning placeholders venue.address",
      "warning placeholders hosts[0].name",
      "warning placeholders tracks[0].description",
    ]);
    expect(run.stdout).toContain(
      "Still to write or check (what init assumed or made up):\nrecords/event.yaml:",
    );
    // Every field came from a flag: nothing is listed as assumed, only the robots (no --robot).
    expect(run.stdout.match(/\[init-assumed\]/g)).toHaveLength(1);
    expect(run.stdout).toContain("warning no robots to lend, assumed: no --robot was given");
    expect(run.stdout).toContain("venue.name should be your own");
    expect(await readFile(join(root, ".github/ISSUE_TEMPLATE/submit-project.yml"), "utf8")).toContain(
      "- Sim to real (sim-to-real)",
    );
    expect(await readFile(join(root, ".github/ISSUE_TEMPLATE/config.yml"), "utf8")).toContain(
      "https://github.com/robo-org/robo-jam/blob/main/",
    );
    expect(existsSync(join(root, "dist/index.html"))).toBe(true);
    // The files it set aside while changing the checkout are gone once it is done.
    expect((await readdir(root)).filter((name) => name.startsWith(".init-undo"))).toEqual([]);
    expect(run.stdout).toContain("Still to do on GitHub:");
    // How a series goes on, once this event is over.
    expect(run.stdout).toMatch(
      /^\[ \] Next year: npm run init -- --next-edition keeps this edition .* docs\/editions\.md\.$/m,
    );
    for (const link of ["actions", "settings/pages", "settings/actions", "labels", "settings/branches"])
      expect(run.stdout).toContain(`https://github.com/robo-org/robo-jam/${link}`);
    // The end of the event: the merge queue and the one action at the deadline.
    for (const words of [
      "Require merge queue",
      "Queue green pull requests",
      "docs/final-hour.md#the-hour-after",
      // A fork's schedules start disabled: without them nothing carries the one action on.
      "(Queue green pull requests, Sweep) and click Enable workflow on each",
    ])
      expect(run.stdout).toContain(words);
  });

  it("leaves no built page naming the sample's track ids once the event has new tracks", async () => {
    const root = await freshFork();
    // The scan finds them in the sample's own site.
    await buildSite(root, "http://localhost:4173/", join(root, "sample-dist"));
    expect((await oldTrackIds(join(root, "sample-dist"))).length).toBeGreaterThan(10);
    const run = await init(["--root", root, ...FLAGS, "--track", "Wheels", "--track", "Arms"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await oldTrackIds(join(root, "dist"))).toEqual([]);
    const submit = await readFile(join(root, "dist/handbook/submit-a-project.html"), "utf8");
    expect(submit).toContain("<code>track: wheels</code>");
    expect(submit).toContain("<code>track: arms</code>");
  });

  it("takes the organiser from the origin remote, saying so, and refuses to run twice without --force", async () => {
    const root = await freshFork();
    const first = await init(["--root", root, ...FLAGS]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^records\/event\.yaml:\d+:1 warning organisers: robo-org, the owner of the origin remote, assumed: no --organiser was given\. If that is an organisation, no one's pull request counts as an organiser's Fix: Give --organiser .*\[init-assumed\]$/m,
    );
    expect(
      (parse(await readFile(join(root, "records/event.yaml"), "utf8")) as { organisers: string[] })
        .organisers,
    ).toEqual(["robo-org"]);
    const again = await init(["--root", root, ...FLAGS]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'records/event.yaml is already your event ("Robo Jam"): run with --force to start over, or with --next-edition to archive it under editions/ and start the next',
    );
    expect((await init(["--root", root, ...FLAGS, "--force", "--name", "Robo Jam II"])).code).toBe(0);
  });

  it("with --next-edition archives the event under editions/<year>/ and makes the next; a second archive of that id is refused, naming what to pass", async () => {
    const root = await freshFork();
    const teams = await readdir(join(root, "records/teams"));
    const lone = await init(["--root", root, ...FLAGS, "--edition", "2026"]);
    expect([lone.code, lone.stderr]).toEqual([
      2,
      expect.stringContaining("--edition names the archive --next-edition makes: give --next-edition too"),
    ]);
    const run = await init(["--root", root, ...FLAGS, "--organiser", "me", "--next-edition"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^archived "Physical AI Sprint 2026" as it is in editions\/2026\/: /m);
    expect(run.stdout).toMatch(/^wrote editions\/2026\/edition\.json: /m);
    expect(await readdir(join(root, "editions/2026/records/teams"))).toEqual(
      teams.filter((n) => n !== ".gitkeep"),
    );
    expect(await readdir(join(root, "records/teams"))).toEqual([".gitkeep"]);
    // The repository is set up on GitHub already: what is left is the archive's.
    expect(run.stdout).not.toContain("Still to do on GitHub");
    expect(run.stdout).toMatch(
      // The sample has no winners, so its archive is an early one (next-edition.test.ts holds the line).
      /^Still to do:\n\[ \] Archived early: (?:.* and )?no award names a project yet, .*\n\[ \] Commit the archive and the next event together \(git add editions records site \.github/m,
    );
    expect((parse(await readFile(join(root, "records/event.yaml"), "utf8")) as { name: string }).name).toBe(
      "Robo Jam",
    );
    const again = await init(["--root", root, ...FLAGS, "--next-edition", "--edition", "2026"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      '--edition "2026": editions/2026/ already holds an archived edition (running --next-edition twice in one year, or its id taken by hand): nothing was changed. Fix: pass --next-edition --edition <id> with another id',
    );
  });

  it("with --next-edition gives an undo line that leaves the checkout as it was, the .gitkeep files init made included, and the organiser's own uncommitted edits kept", async () => {
    const root = await freshFork();
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
        cwd: root,
        encoding: "utf8",
      });
    await writeFile(join(root, "NOTES.md"), "the organiser's notes\n");
    git("add", "-A");
    git("commit", "-qm", "the sample event");
    // An edit of the organiser's own, not committed yet, which the undo must leave alone.
    await writeFile(join(root, "NOTES.md"), "the organiser's notes, edited\n");
    const run = await init(["--root", root, ...FLAGS, "--organiser", "me", "--next-edition"]);
    expect(run.code, run.stderr).toBe(0);
    const undo =
      /undo it before committing \((git restore -- records site \.github && git clean -fd -- [^:]+): what init added\)/.exec(
        run.stdout,
      )?.[1];
    expect(undo).toBe(
      "git restore -- records site .github && git clean -fd -- editions/2026 records/teams/.gitkeep records/projects/.gitkeep site/public/images/.gitkeep",
    );
    expect(git("status", "--porcelain")).not.toBe("");
    // As the organiser would type it, in the repository's folder: dist/ (the build init made) aside.
    execFileSync("sh", ["-c", undo!], { cwd: root });
    expect(git("status", "--porcelain", "--", ".", ":!dist")).toBe(" M NOTES.md\n");
    expect(await readFile(join(root, "NOTES.md"), "utf8")).toBe("the organiser's notes, edited\n");
  });

  it("with --force removes only the samples it shipped: it refuses, naming them, while a team registered since is there, and removes it only with --remove-records", async () => {
    const root = await freshFork();
    expect((await init(["--root", root, ...FLAGS])).code).toBe(0);
    // A team registers on the organiser's event.
    await writeFile(join(root, "records/teams/wheel-crew.yaml"), "name: Wheel Crew\n");
    const before = await readTree(root);
    const again = ["--root", root, ...FLAGS, "--force", "--name", "Robo Jam II"];
    const refused = await init(again);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "init removes only the sample files it shipped, and these are not among them: records/teams/wheel-crew.yaml.",
    );
    expect(refused.stderr).toMatch(/fix: .*--remove-records/i);
    expect(await readTree(root)).toEqual(before);
    // With --remove-records it goes too, and says so.
    const run = await init([...again, "--remove-records"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(join(root, "records/teams"))).toEqual([".gitkeep"]);
    expect(run.stdout).toContain(
      "removed 1 other file from records/teams/ (--remove-records): wheel-crew.yaml",
    );
    expect(parse(await readFile(join(root, "records/event.yaml"), "utf8"))).toMatchObject({
      name: "Robo Jam II",
    });
  });

  it("keeps the sample folders' other files on a fresh fork too: a changed sample and a new team are named, nothing removed", async () => {
    const root = await freshFork();
    const sample = join(root, "records/projects/lane-keeper.yaml");
    await writeFile(sample, `${await readFile(sample, "utf8")}# our own notes\n`);
    await writeFile(join(root, "records/teams/early-birds.yaml"), "name: Early Birds\n");
    const before = await readTree(root);
    const run = await init(["--root", root, ...FLAGS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "these are not among them: records/teams/early-birds.yaml, records/projects/lane-keeper.yaml.",
    );
    expect(await readTree(root)).toEqual(before);
  });

  it("names the flags it needs when no terminal can ask, and changes nothing", async () => {
    const root = await freshFork();
    const run = await init(["--root", root, "--name", "Robo Jam"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--start, --end, --timezone needed (or run it in a terminal to be asked)");
    expect(await readdir(join(root, "records/teams"))).toContain("gripper-gang.yaml");
  });

  it("when the new event does not build, prints each problem as validate does, escaped, and changes nothing", async () => {
    const root = await freshFork();
    // A record that init does not remove, in a folder that is not read; its name holds an escape.
    await writeFile(join(root, "records", "stray\u001b[2J.yaml"), "name: Stray\n");
    const before = await readTree(root);
    const run = await init(["--root", root, ...FLAGS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^records\/stray.*\.yaml:1:1 error .*\[record-folder\]$/m);
    expect(run.stderr).not.toContain("\u001b");
    expect(run.stderr).toContain("the new event does not build yet");
    expect(await readTree(root)).toEqual(before);
  });

  it.each(BAD)("refuses %s before it writes anything, naming the flag", async (_, args, flag) => {
    const root = await freshFork();
    const before = await readTree(root);
    const run = await init(["--root", root, ...args]);
    expect(await readTree(root)).toEqual(before);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${flag}( #\\d+)?: .+`, "m"));
    expect(run.stderr).toMatch(/expected .+, found .+/);
    expect(run.stderr).toMatch(/fix: .+/i);
    expect(run.stderr).toContain("nothing was changed");
    // A placeholder init made up is a warning for later, never shown as a refused value.
    expect(run.stderr).not.toContain("placeholder");
    // The refused value is shown, never passed to the terminal raw.
    expect(run.stderr).not.toMatch(/[\u202e\u001b]/);
  });

  it("without an organiser or a GitHub origin, asks for --organiser, and runs once it alone is given", async () => {
    // A newcomer gave --repository as the refusal said, then was refused for want of --organiser (R8).
    const root = await freshFork();
    execFileSync("git", ["remote", "remove", "origin"], { cwd: root });
    const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
    const refused = await commandInProcess(initRun, ["--root", root, ...FLAGS], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Fix: give --organiser your-github-name, which init needs anyway");
    const run = await commandInProcess(initRun, ["--root", root, ...FLAGS, "--organiser", "me"], { env });
    expect(run.code, run.stderr).toBe(0);
  });

  it("changes nothing through a linked records folder, and says so", async () => {
    const root = await freshFork();
    const outside = await tempDir();
    await rename(join(root, "records"), join(outside, "records"));
    await symlink(join(outside, "records"), join(root, "records"));
    const before = await readTree(outside);
    const run = await init(["--root", root, ...FLAGS, "--organiser", "me"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("records must be a folder of the repository (found a symbolic link)");
    expect(await readTree(outside)).toEqual(before);
  });

  it("runs as asked once the refused value is corrected", async () => {
    const root = await freshFork();
    expect((await init(["--root", root, ...flags({ name: "Robo\nJam" })])).code).toBe(2);
    const run = await init(["--root", root, ...FLAGS]);
    expect(run.code, run.stderr).toBe(0);
    expect(parse(await readFile(join(root, "records/event.yaml"), "utf8"))).toMatchObject({
      name: "Robo Jam",
    });
    expect(await readdir(join(root, "records/teams"))).toEqual([".gitkeep"]);
  });
});
