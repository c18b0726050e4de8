import { execFileSync } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EXAMPLE, REPO, tempDir } from "../helpers/fixture-root.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { run as initRun } from "../../generator/cli/init/run.ts";
import { runInTerminal } from "../helpers/run-in-terminal.ts";

/** git reads no settings of the machine's: only what a test sets in the fork. */
const GIT = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };

/** A clone of the template, with an origin remote when `origin` is given and git settings from `config`. */
async function fork(origin?: string, config: Record<string, string> = {}): Promise<string> {
  const root = await tempDir();
  for (const part of ["records", "site", ".github"])
    await cp(join(EXAMPLE, part), join(root, part), { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: root });
  if (origin) execFileSync("git", ["remote", "add", "origin", origin], { cwd: root });
  for (const [key, value] of Object.entries(config))
    execFileSync("git", ["config", key, value], { cwd: root });
  return root;
}

/** `npm run init` in this process (its `run()`), git reading only the fork's settings; a terminal's runs are processes. */
const init = (args: string[]) => commandInProcess(initRun, args, { env: { ...process.env, ...GIT } });

const event = async (root: string) =>
  parse(await readFile(join(root, "records/event.yaml"), "utf8")) as Record<string, unknown>;
const DATES = [
  "--name",
  "Robo Jam",
  "--start",
  "2027-03-06",
  "--end",
  "2027-03-07",
  "--timezone",
  "Europe/Paris",
];
/** The lines init lists as assumed, without their place. */
const assumed = (output: string) =>
  [...output.matchAll(/^records\/event\.yaml:\d+:\d+ warning (.*) \[init-assumed\]$/gm)].map((m) => m[1]);

describe("npm run init in a terminal", () => {
  it("asks for the tracks, robots, the organiser's own GitHub name and the repository (no GitHub origin), and assumes nothing", async () => {
    const root = await fork(undefined, { "github.user": "ada-lovelace" });
    const run = await runInTerminal(
      "init",
      ["--root", root],
      [
        ["Event name: ", "Robo Jam"],
        ["First day (YYYY-MM-DD): ", "2027-03-06"],
        ["Last day (YYYY-MM-DD): ", "2027-03-07"],
        ["Time zone (such as Europe/Paris): ", "Europe/Paris"],
        ["Tracks, separated by commas", "Simulation, Hardware"],
        ["Robots teams can borrow, separated by commas (Enter for none): ", "TurtleBot 4"],
        // Enter takes the name git knows; it is offered in the question.
        ["so your pull requests count as an organiser's (more, separated by commas) [ada-lovelace]: ", ""],
        [
          "The event's repository on GitHub, owner/name (the origin remote is not on GitHub)",
          "robo-org/robo-jam",
        ],
        ["When registration closes, such as 2027-03-06 12:00", "2027-03-06 12:00"],
        ["When submissions close, such as 2027-03-06 12:00", "2027-03-07 14:00"],
      ],
      GIT,
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.asked).toHaveLength(10);
    expect(await event(root)).toMatchObject({
      name: "Robo Jam",
      tracks: [
        { id: "simulation", name: "Simulation" },
        { id: "hardware", name: "Hardware" },
      ],
      robots: [{ name: "TurtleBot 4" }],
      organisers: ["ada-lovelace"],
      repository: "robo-org/robo-jam",
      registrationUrl: "https://github.com/robo-org/robo-jam/issues/new?template=register-team.yml",
      deadlines: { registration: "2027-03-06T12:00:00+01:00", submission: "2027-03-07T14:00:00+01:00" },
    });
    expect(run.screen).toContain("Still to write or check (what init assumed or made up):");
    expect(run.screen).not.toContain("[init-assumed]");
  });

  it("asks for the organiser again while the answer is empty, never offering the origin's owner, and asks no repository the origin gives", async () => {
    const root = await fork("https://github.com/robo-org/robo-jam.git");
    const question =
      "Your GitHub user name, so your pull requests count as an organiser's (more, separated by commas): ";
    const run = await runInTerminal(
      "init",
      ["--root", root, ...DATES, "--track", "Wheels", "--robot", "Arm"],
      [
        [question, ""],
        [question, "grace-h, alan-t"],
        // Enter for no deadlines: then told with what init assumed.
        ["When registration closes", ""],
        ["When submissions close", ""],
      ],
      GIT,
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.asked).toHaveLength(4);
    expect(run.screen).toContain("no deadlines: registration and submissions never close");
    expect(run.screen).not.toContain("[robo-org]");
    expect(run.screen).not.toContain("The event's repository");
    expect(await event(root)).toMatchObject({
      organisers: ["grace-h", "alan-t"],
      repository: "robo-org/robo-jam",
    });
  });
});

describe("npm run init without a terminal", () => {
  it("assumes what no flag gave and lists each, at its line, with the placeholders", async () => {
    const root = await fork("git@github.com:robo-org/robo-jam.git");
    const run = await init(["--root", root, ...DATES]);
    expect(run.code, run.stderr).toBe(0);
    expect(assumed(run.stdout)).toEqual([
      'no deadlines: registration and submissions never close, and no pull request is late Fix: Give --registration-deadline and --submission-deadline (such as "2027-03-06 12:00", in the event\'s time zone), or write them under deadlines in records/event.yaml.',
      'one track, "Open", assumed: no --track was given Fix: Give --track NAME once per track, or write them under tracks in records/event.yaml, then npm run forms.',
      "no robots to lend, assumed: no --robot was given Fix: Give --robot NAME once per robot teams can borrow, or list them under robots in records/event.yaml, then npm run forms.",
      "organisers: robo-org, the owner of the origin remote, assumed: no --organiser was given. If that is an organisation, no one's pull request counts as an organiser's Fix: Give --organiser followed by your own GitHub user name (once per organiser), or write them under organisers in records/event.yaml.",
    ]);
    const text = (await readFile(join(root, "records/event.yaml"), "utf8")).split("\n");
    // Each is told at its field's key in the file init wrote.
    const keys = { "one track": "tracks:", "no robots": "robots:", organisers: "organisers:" };
    const told = [
      ...run.stdout.matchAll(/^records\/event\.yaml:(\d+):1 warning (one track|no robots|organisers)/gm),
    ];
    expect(told).toHaveLength(3);
    for (const [, line, what] of told)
      expect(text[Number(line) - 1]).toMatch(new RegExp(`^${keys[what as keyof typeof keys]}`));
    expect(await event(root)).toMatchObject({
      tracks: [{ id: "open", name: "Open" }],
      robots: [],
      organisers: ["robo-org"],
    });
  });

  it("runs the README's example as written in a fork whose origin is not on GitHub, saying what it assumed", async () => {
    const readme = await readFile(join(REPO, "README.md"), "utf8");
    const command = /npm run init -- (.*?)\n\s*```/s.exec(readme)![1]!.replace(/\\\n\s*/g, "");
    const args = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
    const root = await fork("https://gitlab.com/robo-org/robo-jam.git");
    const run = await init(["--root", root, ...args]);
    expect(run.code, run.stderr).toBe(0);
    const repository = `your-github-name/${basename(root)}`;
    expect(await event(root)).toMatchObject({ repository, organisers: ["your-github-name"] });
    expect(assumed(run.stdout)).toEqual([
      'no deadlines: registration and submissions never close, and no pull request is late Fix: Give --registration-deadline and --submission-deadline (such as "2027-03-06 12:00", in the event\'s time zone), or write them under deadlines in records/event.yaml.',
      "organisers: your-github-name is the README's example, not a person Fix: Give --organiser followed by your own GitHub user name (once per organiser), or write them under organisers in records/event.yaml.",
      `repository: ${repository}, from the organiser and this folder's name, assumed: no --repository was given and the origin remote is not on GitHub Fix: Give --repository owner/name, or correct repository and registrationUrl in records/event.yaml.`,
    ]);
  });

  it("without a repository, an origin on GitHub or an organiser to guess from, names --repository and changes nothing", async () => {
    const root = await fork();
    const run = await init(["--root", root, ...DATES]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "--repository: expected the event's GitHub repository, owner/name, to make the registration link from, found none",
    );
    expect((await event(root)).name).toBe("Physical AI Sprint 2026");
  });
});

describe("npm run init and deadlines", () => {
  it("writes a deadline in any spelling the event file's rule reads, and tells an offset the event's zone does not have then", async () => {
    const root = await fork("https://github.com/robo-org/robo-jam.git");
    const run = await init([
      ...["--root", root, ...DATES, "--organiser", "me"],
      ...["--registration-deadline", "2027-03-06 9:30", "--submission-deadline", "2027-03-07 14:00 +0500"],
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect((await event(root)).deadlines).toEqual({
      registration: "2027-03-06T09:30:00+01:00",
      submission: "2027-03-07T14:00:00+05:00",
    });
    expect(run.stdout).toMatch(
      /^records\/event\.yaml:\d+:\d+ warning deadlines\.submission is 14:00 at \+05:00, but Europe\/Paris is at \+01:00 then: that is 10:00 there .* Fix: If you meant 14:00 in Europe\/Paris, write the line as submission: "2027-03-07T14:00:00\+01:00";.*\[event-time-offset\]$/m,
    );
  });
});

describe("npm run init and the sample's handbook", () => {
  const SAMPLE_RULES = [
    "netted flight area",
    "Quadrupeds run only",
    "Book lab robots",
    "second afternoon",
    "Two days, one goal",
  ];

  it("takes the sample's own rules out of the handbook and lists where to write the event's", async () => {
    const root = await fork("https://github.com/robo-org/robo-jam.git");
    const chapters = ["10-event-rules.md", "40-judging.md"].map((name) => join(root, "site/handbook", name));
    const sample = (await Promise.all(chapters.map((file) => readFile(file, "utf8")))).join("");
    for (const rule of SAMPLE_RULES) expect(sample).toContain(rule);
    const run = await init(["--root", root, ...DATES, "--organiser", "me"]);
    expect(run.code, run.stderr).toBe(0);
    for (const [source, page] of [
      ["site/handbook/10-event-rules.md", "dist/handbook/event-rules.html"],
      ["site/handbook/40-judging.md", "dist/handbook/judging.html"],
    ] as const)
      for (const rule of SAMPLE_RULES) {
        expect(await readFile(join(root, source), "utf8")).not.toContain(rule);
        expect(await readFile(join(root, page), "utf8")).not.toContain(rule);
      }
    expect(run.stdout).toMatch(
      /^site\/handbook\/10-event-rules\.md:28:1 warning the sample's lab safety rules are gone Fix: Write your venue's own safety rules under ## Safety\. \[init-handbook\]$/m,
    );
    expect((await readFile(join(root, "site/handbook/10-event-rules.md"), "utf8")).split("\n")[27]).toBe(
      "## Safety",
    );
    expect(run.stdout).toContain("site/handbook/40-judging.md:3:1 warning the sample's demo times are gone");
  });

  it("lists each sample rule left in a chapter edited around it, by its line", async () => {
    const root = await fork("https://github.com/robo-org/robo-jam.git");
    const file = join(root, "site/handbook/10-event-rules.md");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(
        "## Robot lab safety\n",
        "## Robot lab safety\n\n- Wear closed shoes.\n",
      ),
    );
    const run = await init(["--root", root, ...DATES, "--organiser", "me"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = (await readFile(file, "utf8")).split("\n");
    const left = [
      ...run.stdout.matchAll(
        /^site\/handbook\/10-event-rules\.md:(\d+):1 warning the sample's rule "(.*?)…" is still here/gm,
      ),
    ];
    expect(left.map((m) => m[2])).toEqual([
      "The safety briefing at the opening is **mandatory**",
      "Quadrupeds run only inside the marked area",
      "Drones fly only inside the netted flight area",
      "Book lab robots at the help desk",
    ]);
    for (const [, line, rule] of left) expect(lines[Number(line) - 1]).toContain(rule);
  });
});
