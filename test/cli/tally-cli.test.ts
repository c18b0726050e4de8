import { execFileSync } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { run as tallyRun } from "../../generator/cli/tally/run.ts";
import { EXAMPLE_ORDER, EXAMPLE_WINNERS, rankedFile, winnerSection } from "../judging/score-files.ts";

/** Three judges' files for the sample event, outside its repository, as the organiser keeps them. */
async function judgesFiles(change: (files: Record<string, string>) => void = () => {}): Promise<string[]> {
  const dir = await tempDir("scores-");
  const files: Record<string, string> = {
    "lena.json": JSON.stringify(rankedFile("Dr Lena Hartmann", EXAMPLE_ORDER), null, 2),
    "kofi.json": JSON.stringify(rankedFile("Kofi Mensah", EXAMPLE_ORDER, 1), null, 2),
    "mei.json": JSON.stringify(rankedFile("Mei Tanaka", EXAMPLE_ORDER.slice(0, 8)), null, 2),
  };
  change(files);
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(dir, name), text)));
  return Object.keys(files).map((name) => join(dir, name));
}

/** `npm run tally` in this process (its `run()`): the first test starts the command itself. */
const tally = (args: string[]) => commandInProcess(tallyRun, args);

/** Three judges' files that score lane-keeper as shelf-scout: a tie at the hardware prize's cut (2). */
const tiedOnHardware = () =>
  judgesFiles((f) => {
    for (const name of Object.keys(f)) {
      const file = JSON.parse(f[name]!);
      file.scores["lane-keeper"] = file.scores["shelf-scout"] ?? file.scores["lane-keeper"];
      f[name] = JSON.stringify(file);
    }
  });

describe("npm run tally", () => {
  it("sets the winners as awards in records/event.yaml, prints the one diff, and the site's home page shows them", async () => {
    const root = await exampleRoot();
    const before = await readFile(join(root, "records/event.yaml"), "utf8");
    const run = await runCli("tally", ["--write", "--root", root, ...(await judgesFiles())]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("3 judges: Dr Lena Hartmann, Kofi Mensah, Mei Tanaka\n");
    expect(run.stdout).toMatch(/^ +1\. soft-grasp +\+\d\.\d\d {2}3 judges, spread \d\.\d\d {2}wins$/m);
    expect(run.stdout).toContain(
      "seen by fewer than 3 judges (judging.perProject): swarm-lights (2), warehouse-twin (2)",
    );
    // Mei's file scores eight of the ten projects the assignment gives her.
    const assignment = JSON.parse(
      await readFile(join(await buildSite(root, "https://example.org/"), "judging/assignment.json"), "utf8"),
    ) as { judges: Array<{ name: string; projects: string[] }> };
    const left = assignment.judges[2]!.projects.filter((slug) =>
      ["swarm-lights", "warehouse-twin"].includes(slug),
    );
    expect(run.stdout).toContain(
      `Mei Tanaka scored 8 of the 10 projects the assignment gave them; not: ${left.join(", ")}\n`,
    );
    expect(run.stdout).not.toMatch(/^(Dr Lena Hartmann|Kofi Mensah) (scored|sent)/m);
    const after = await readFile(join(root, "records/event.yaml"), "utf8");
    // Every line and comment of the file stays; awards come after them.
    expect(after.startsWith(before)).toBe(true);
    const added = `awards:
  - name: Best overall project
    prize: best-overall
    projects: [soft-grasp]
  - name: Best in simulation
    prize: best-in-simulation
    projects: [cable-tidy]
  - name: Best on real hardware
    prize: best-on-hardware
    projects: [lane-keeper, touch-skin]
  - name: Sim-to-real prize
    prize: sim-to-real
    projects: [soft-grasp]
`;
    expect(after.slice(before.length)).toBe(added);
    expect(run.stdout).toContain(`+++ b/records/event.yaml\n@@ -145,3 +145,16 @@\n       power: true\n`);
    expect(run.stdout).toContain(added.replace(/^/gm, "+").replace(/\+$/, ""));
    expect((await check({ root })).ok).toBe(true);

    const home = await readFile(join(await buildSite(root, "https://example.org/"), "index.html"), "utf8");
    for (const [award, title] of EXAMPLE_WINNERS) expect(winnerSection(home, award), award).toContain(title);

    const again = await tally(["--write", "--root", root, ...(await judgesFiles())]);
    expect([again.code, again.stderr]).toEqual([
      0,
      "records/event.yaml already holds these awards: nothing to write\n",
    ]);
  });

  const SHORT = JSON.stringify(rankedFile("Mei Tanaka", EXAMPLE_ORDER), null, 2);
  // Cut off mid-line: the error points just past its last character.
  const TRUNCATED = SHORT.slice(0, 200);
  const END = `${TRUNCATED.split("\n").length}:${TRUNCATED.split("\n").at(-1)!.length + 1}`;
  it.each([
    [
      "a truncated file",
      (f: Record<string, string>) => (f["mei.json"] = TRUNCATED),
      new RegExp(
        `mei\\.json:${END} error the file must be whole JSON as the judging page exports it \\(found a file that ends early, cut off\\) Fix: Ask the judge to export the file again .* \\[score-json\\]`,
      ),
    ],
    [
      "a file for another event",
      (f: Record<string, string>) =>
        (f["mei.json"] = SHORT.replace('"Physical AI Sprint 2026"', '"Robot Games 2025"')),
      /mei\.json:3:12 error event must be "Physical AI Sprint 2026", the name in records\/event\.yaml \(found "Robot Games 2025"\) Fix: This file is for another event: .* \[score-event\]/,
    ],
    [
      "a score off the scale",
      (f: Record<string, string>) => (f["mei.json"] = SHORT.replace('"Openness": 5', '"Openness": 7')),
      /mei\.json:11:19 error scores\.soft-grasp\.Openness must be a whole number from 1 to 5, the event's scale \(found 7\) .* \[score-value\]/,
    ],
    [
      "a judge not in the event",
      (f: Record<string, string>) => (f["mei.json"] = SHORT.replace('"Mei Tanaka"', '"Mei Tanka"')),
      /mei\.json:4:12 error judge must be one of the judges in records\/event\.yaml \(found "Mei Tanka", who is not listed\) Fix: Did you mean Mei Tanaka\? .* \[score-judge\]/,
    ],
    [
      "the same judge twice",
      (f: Record<string, string>) => (f["mei.json"] = f["kofi.json"]!),
      /mei\.json:4:12 error each judge must send one score file \(found "Kofi Mensah" also in \S+kofi\.json\) Fix: Keep the judge's latest file .* \[score-judge-twice\]/,
    ],
  ])("refuses %s with a clear error at its place and writes nothing", async (_, change, line) => {
    const root = await exampleRoot();
    const before = await readFile(join(root, "records/event.yaml"), "utf8");
    const run = await tally(["--write", "--root", root, ...(await judgesFiles(change))]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(line);
    expect(run.stdout).toContain("nothing is ranked until the score files have no errors\n");
    expect(run.stderr).toBe("nothing written to records/event.yaml: the score files have errors (above)\n");
    expect(await readFile(join(root, "records/event.yaml"), "utf8")).toBe(before);
  });

  it("names a judge who sent no score file, with how many projects the assignment gave them", async () => {
    const root = await exampleRoot();
    const [lena, kofi] = await judgesFiles();
    const run = await tally(["--root", root, lena!, kofi!]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Mei Tanaka sent no score file: the assignment gave them 10 projects\n");
  });

  it("reads a score file named from the folder the organiser typed the command in (npm's INIT_CWD)", async () => {
    const root = await exampleRoot();
    const [lena, kofi, mei] = await judgesFiles();
    const folder = join(lena!, "..");
    const run = await commandInProcess(tallyRun, ["--root", root, "lena.json", "kofi.json", mei!], {
      here: folder,
    });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("3 judges: Dr Lena Hartmann, Kofi Mensah, Mei Tanaka\n");
    expect(kofi).toBe(join(folder, "kofi.json"));
  });

  it("tells a score file it cannot read, and ranks nothing", async () => {
    const root = await exampleRoot();
    const [lena] = await judgesFiles();
    const run = await tally(["--root", root, lena!, join(root, "scores/kofi.json")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `${join(root, "scores/kofi.json")}:1:1 error the score file must be a file this command can read (found no such file) Fix: Check the path; a judge's file is the one the judging page exported. [score-unreadable]\nnothing is ranked until the score files have no errors\n`,
    );
  });

  it("refuses a score file that is not a file (a named pipe, a device) without reading it, and ranks nothing", async () => {
    const root = await exampleRoot();
    const [lena] = await judgesFiles();
    // A pipe no one writes to, and a device without end: read, either would hang the tally.
    const pipe = join(await tempDir("fifo-"), "kofi.json");
    execFileSync("mkfifo", [pipe]);
    const run = await tally(["--root", root, lena!, pipe, "/dev/zero"]);
    expect(run.code).toBe(1);
    const fix =
      "Fix: Name the judge's score file itself (the .json the judging page exported); save what a pipe or device gives to a file first. [score-unreadable]";
    expect(run.stdout).toContain(
      `${pipe}:1:1 error the score file must be a file this command can read (found a named pipe (FIFO), not a file) ${fix}\n`,
    );
    expect(run.stdout).toContain(
      `/dev/zero:1:1 error the score file must be a file this command can read (found a device, not a file) ${fix}\n`,
    );
    expect(run.stdout).toContain("nothing is ranked until the score files have no errors\n");
  });

  it("stops, writing nothing, when git is there and cannot read when the judging seed was set", async () => {
    const root = await exampleRoot();
    const event = join(root, "records/event.yaml");
    const before = `${await readFile(event, "utf8")}judging:\n  seed: spring-tide-42\n`;
    await writeFile(event, before);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
        cwd: root,
        encoding: "utf8",
      });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-qm", "the seed");
    // A damaged clone: the event's version at the seed is gone from git's objects.
    const oid = git("rev-parse", "HEAD:records/event.yaml").trim();
    await rm(join(root, ".git/objects", oid.slice(0, 2), oid.slice(2)));
    const run = await tally(["--write", "--root", root, ...(await judgesFiles())]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: which projects came after judging.seed was set could not be read from git (git cat-file --batch failed: ${oid} missing (an object git named)), so neither the judges' gaps nor the awards are worked out. Fix: tally in a complete clone of the repository; git fsck names what is damaged in this one\n`,
    );
    expect(await readFile(event, "utf8")).toBe(before);
  });

  it("tells a tie at a prize's cut and writes nothing until it is settled", async () => {
    const root = await exampleRoot();
    const before = await readFile(join(root, "records/event.yaml"), "utf8");
    // Every judge scores lane-keeper and touch-skin alike, either side of the hardware prize's cut at 2.
    const files = await tiedOnHardware();
    const run = await tally(["--write", "--root", root, ...files]);
    expect(run.stdout).toMatch(/tie at the cut: lane-keeper, shelf-scout share place 2 for 1 place/);
    expect(run.stderr).toBe(
      "nothing written to records/event.yaml: best-on-hardware has a tie at the cut (lane-keeper, shelf-scout share place 2); settle it with another judge's scores, or write its award by hand\n",
    );
    expect(run.code).toBe(1);
    expect(await readFile(join(root, "records/event.yaml"), "utf8")).toBe(before);
  });

  it("writes nothing that would not validate: 21 winners of one prize are more than an award holds", async () => {
    const root = await exampleRoot();
    const eventFile = join(root, "records/event.yaml");
    const event = await readFile(eventFile, "utf8");
    const prizes =
      "prizes:\n  - id: best-overall\n    name: Best overall project\n    count: 21\n    description: The best.\n";
    // The sample's expo floor has no table for eleven more projects, and this test is not about it.
    const floorless = event.replace(/^expo:\n(?: .*\n)+/m, "");
    await writeFile(eventFile, floorless.replace(/^prizes:\n(?: .*\n)+/m, prizes));
    const project = await readFile(join(root, "records/projects/soft-grasp.yaml"), "utf8");
    const extra = Array.from({ length: 11 }, (_, i) => `extra-${i + 1}`);
    for (const slug of extra)
      await writeFile(
        join(root, `records/projects/${slug}.yaml`),
        project
          .replace("title: Soft Grasp", `title: Extra ${slug}`)
          .replace(/^team:\n(?: .*\n)+/m, `team:\n  - name: Maker ${slug}\n    github: null\n`),
      );
    const before = await readFile(eventFile, "utf8");
    expect((await check({ root })).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const all = [...EXAMPLE_ORDER, ...extra];
    const files = await judgesFiles((f) => {
      for (const name of Object.keys(f)) {
        const file = JSON.parse(f[name]!);
        for (const slug of all) file.scores[slug] = rankedFile(file.judge, [slug]).scores[slug];
        f[name] = JSON.stringify(file);
      }
    });
    const run = await tally(["--write", "--root", root, ...files]);
    expect(run.stdout).toMatch(/records\/event\.yaml:\d+:\d+ error .*awards\[0\]\.projects/);
    expect(run.stderr).toContain(
      "nothing written to records/event.yaml: with these awards it would not validate (above)",
    );
    expect(run.code).toBe(1);
    expect(await readFile(eventFile, "utf8")).toBe(before);
  });

  it("lets no winner seen by fewer judges than judging.perProject be written without --allow-few-judges", async () => {
    const root = await exampleRoot();
    const eventFile = join(root, "records/event.yaml");
    const before = await readFile(eventFile, "utf8");
    const [lena] = await judgesFiles();
    const run = await tally(["--write", "--root", root, lena!]);
    expect(run.stdout).toMatch(
      /^ +1\. soft-grasp +\S+ {2}1 judge, spread 0\.00 {2}wins, but fewer than 3 judges saw it$/m,
    );
    expect(run.stderr).toContain(
      "nothing written to records/event.yaml: best-overall would go to soft-grasp, which 1 judge saw, fewer than judging.perProject (3); have more judges score it, or run again with --allow-few-judges to write it anyway\n",
    );
    expect(run.code).toBe(1);
    expect(await readFile(eventFile, "utf8")).toBe(before);

    const allowed = await tally(["--write", "--allow-few-judges", "--root", root, lena!]);
    expect([allowed.code, allowed.stderr]).toEqual([0, ""]);
    expect(await readFile(eventFile, "utf8")).toContain("prize: best-overall\n    projects: [soft-grasp]\n");
  });

  it("refuses scores from a judge on their own team's project, found by GitHub name in any case", async () => {
    const root = await exampleRoot();
    const eventFile = join(root, "records/event.yaml");
    const event = await readFile(eventFile, "utf8");
    await writeFile(
      eventFile,
      event.replace("  - name: Mei Tanaka\n", "  - name: Mei Tanaka\n    github: LenaFischer\n"),
    );
    const before = await readFile(eventFile, "utf8");
    const run = await tally(["--write", "--root", root, ...(await judgesFiles())]);
    expect(run.stdout).toMatch(
      /mei\.json:\d+:\d+ error Mei Tanaka may not judge soft-grasp: the judge \(GitHub lenafischer\) is a member of its team \(found scores for it in this file\) .*\[score-conflict\]/,
    );
    expect(run.code).toBe(1);
    expect(await readFile(eventFile, "utf8")).toBe(before);
  });

  it("refuses a score file over 2 MB before reading it", async () => {
    const root = await exampleRoot();
    const [lena] = await judgesFiles();
    const big = join(await tempDir("scores-"), "big.json");
    await writeFile(big, `{${" ".repeat(2_000_001)}}`);
    const run = await tally(["--root", root, lena!, big]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `${big}:1:1 error the score file must be a file this command can read (found a file of 2.0 MB; a score file may be at most 2 MB, and a judge's is a few KB)`,
    );
  });

  it("leaves a tied prize's hand-written award as it is, with a note, and writes the other prizes", async () => {
    const root = await exampleRoot();
    const eventFile = join(root, "records/event.yaml");
    const byHand =
      "awards:\n  - name: Hardware, settled by hand\n    prize: best-on-hardware\n    projects: [lane-keeper, shelf-scout]\n";
    await writeFile(eventFile, `${await readFile(eventFile, "utf8")}${byHand}`);
    const files = await tiedOnHardware();
    const run = await tally(["--write", "--root", root, ...files]);
    expect(run.stderr).toBe(
      "note: best-on-hardware has a tie at the cut (lane-keeper, shelf-scout) and already an award in records/event.yaml: its award is left as written\n",
    );
    expect(run.code).toBe(0);
    const after = await readFile(eventFile, "utf8");
    expect(after).toContain(byHand);
    expect(after).toContain(
      "  - name: Best overall project\n    prize: best-overall\n    projects: [soft-grasp]\n",
    );
    expect((await check({ root })).ok).toBe(true);
  });
});
