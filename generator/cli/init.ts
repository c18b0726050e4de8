import { execFileSync } from "node:child_process";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { sortDiagnostics } from "../diagnostics/diagnostic.ts";
import { formatLine } from "../diagnostics/format-line.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { applyPlan } from "../scaffold/apply-plan.ts";
import { buildPlanned } from "../scaffold/build-planned.ts";
import { flagProblems } from "../scaffold/event-flags.ts";
import { assumeMissing, assumedDiagnostics, type Given, type Known } from "../scaffold/init-assumptions.ts";
import { nextEditionChecklist, planArchive } from "../scaffold/next-edition.ts";
import { checklist, originRepository, planInit, type EventAnswers } from "../scaffold/init-event.ts";
import { ask, askTheRest } from "./init-questions.ts";
import { count } from "./report.ts";
import { exitWithError } from "./options.ts";

const USAGE = `usage: npm run init -- --name "Robo Jam" --start 2027-03-06 --end 2027-03-07 --timezone Europe/Paris
       [--organiser you]... [--track "Simulation"]... [--robot "TurtleBot 4"]... [--tagline TEXT]
       [--venue NAME --address TEXT] [--registration URL] [--repository owner/name]
       [--registration-deadline TIME] [--submission-deadline TIME] [--force [--remove-records]]
       [--next-edition [--edition ID]]

Makes this repository your event: writes records/event.yaml, removes the sample teams, projects and
images (known by their content), writes the issue forms, builds once, and prints the GitHub settings
still to do. In a terminal it asks for what the flags leave out: name, dates, time zone, tracks,
robots, your GitHub name, and the repository when the origin remote is not on GitHub. Elsewhere it
assumes one track "Open", no robots, the organiser from git config github.user (else the origin's
owner) and the repository from the organiser and this folder's name, and lists each assumption with
the placeholders still to fill in. It takes the sample's own rules out of the handbook. Every value
is checked as npm run validate checks records before anything is changed: a refused value changes
nothing.

  --registration-deadline, --submission-deadline
                when registration and submissions close: "2027-03-07 14:00" in the event's
                time zone, or a time with its offset (2027-03-07T14:00:00+01:00)
  --force       start over on an event that is no longer the sample
  --remove-records
                remove too the files in records/teams/, records/projects/ and site/public/images/
                that are not the samples init shipped (teams that registered since); without it,
                init refuses while any is there, naming them
  --next-edition
                the next edition of a series: first archives the current one as it is (event,
                teams, projects, handbook, site/public) in editions/<id>/, published at /<id>/,
                then makes the next event as above; docs/editions.md
  --edition ID  the archive's id (default: the current event's start year), lowercase words
                joined by hyphens: for a second edition in one year, such as 2027-autumn
  --root DIR    the checkout to change (default: this folder)
  -h, --help    print this and stop`;

try {
  const { values } = parseArgs({
    options: {
      name: { type: "string" },
      start: { type: "string" },
      end: { type: "string" },
      timezone: { type: "string" },
      tagline: { type: "string" },
      venue: { type: "string" },
      address: { type: "string" },
      track: { type: "string", multiple: true },
      robot: { type: "string", multiple: true },
      organiser: { type: "string", multiple: true },
      repository: { type: "string" },
      registration: { type: "string" },
      "registration-deadline": { type: "string" },
      "submission-deadline": { type: "string" },
      force: { type: "boolean" },
      "remove-records": { type: "boolean" },
      "next-edition": { type: "boolean" },
      edition: { type: "string" },
      root: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const root = values.root ?? process.cwd();
  if (values.edition !== undefined && !values["next-edition"])
    throw new Error("--edition names the archive --next-edition makes: give --next-edition too");
  // The edition is archived as its last build dated it: worked out before any question or change.
  const archived = values["next-edition"] ? await planArchive(root, { edition: values.edition }) : undefined;
  if (archived && !archived.ok) {
    for (const d of archived.diagnostics.filter((d) => d.severity === "error")) console.error(formatLine(d));
    throw new Error(
      "the current edition does not build, so it was not archived and nothing was changed: fix the lines above (npm run validate names them too), then run npm run init -- --next-edition again",
    );
  }
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return "";
    }
  };
  const origin = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(\.git)?$/.exec(git("remote", "get-url", "origin"));
  const known: Known = {
    githubUser: git("config", "github.user") || undefined,
    originOwner: origin?.[1],
    originRepository: originRepository(origin?.[1], origin?.[2]),
    folder: basename(resolve(root)),
  };
  const given: Given = {
    tracks: values.track,
    robots: values.robot,
    organisers: values.organiser,
    repository: values.repository,
    registrationUrl: values.registration,
    registrationDeadline: values["registration-deadline"],
    submissionDeadline: values["submission-deadline"],
  };
  const terminal = process.stdin.isTTY
    ? createInterface({ input: process.stdin, output: process.stdout })
    : undefined;
  // Flags the organiser set, and those a terminal asked for.
  const flagsGiven = new Set(["--name", "--start", "--end", "--timezone"]);
  let asked;
  try {
    asked = await ask(
      terminal,
      { name: values.name, start: values.start, end: values.end, timezone: values.timezone },
      {
        name: "Event name",
        start: "First day (YYYY-MM-DD)",
        end: "Last day (YYYY-MM-DD)",
        timezone: "Time zone (such as Europe/Paris)",
      },
    );
    if (terminal) for (const flag of await askTheRest(terminal, given, known)) flagsGiven.add(flag);
  } finally {
    terminal?.close();
  }
  const { filled, assumed } = assumeMissing(given, known);
  const repository = filled.repository;
  const answers: EventAnswers = {
    ...asked,
    tagline: values.tagline,
    venue: values.venue,
    address: values.address,
    tracks: filled.tracks,
    robots: filled.robots,
    organisers: filled.organisers ?? [],
    repository,
    registrationUrl: values.registration,
    registrationDeadline: filled.registrationDeadline,
    submissionDeadline: filled.submissionDeadline,
  };
  // Nothing is written until the event is known to build: the checkout as the plan leaves it is
  // built from a copy (every rule validate applies), and only then is the plan put in place, all or
  // none. dist/ (build output, not in git) is the one thing written before: if putting the plan in
  // place then fails, the checkout is restored but dist/ holds the new event's site.
  const plan = await planInit(root, answers, {
    force: values.force,
    removeRecords: values["remove-records"],
    ...(archived ? { archive: archived.archive } : {}),
  });
  const out = join(root, "dist");
  const built = await buildPlanned(root, plan, { outDir: out, baseUrl: "http://localhost:4173/" });
  if (!built.ok) {
    for (const [flag, value] of Object.entries(values)) if (value !== undefined) flagsGiven.add(`--${flag}`);
    // Only errors stop init; a warning (a placeholder init made up) is no refused value.
    const errors = built.diagnostics.filter((d) => d.severity === "error");
    const { lines, rest } = flagProblems(errors, plan.writes.get(EVENT_FILE)!, flagsGiven);
    for (const line of lines) console.error(line);
    for (const d of rest) console.error(formatLine(d));
    throw new Error(
      lines.length && !rest.length
        ? "the values above were refused and nothing was changed: give them again as each line says"
        : "the new event does not build yet and nothing was changed: fix the lines above, then run npm run init again",
    );
  }
  await applyPlan(root, plan);
  for (const line of plan.done) console.log(line);
  console.log(`built ${count(built.summary.records, "record")} into ${out}: npm start serves it`);
  // What init assumed or took out of the handbook, and every warning of the build: the placeholders
  // init made up (validate warns until they are filled in), a deadline's offset the zone does not have.
  const todo = sortDiagnostics([
    ...assumedDiagnostics(plan.writes.get(EVENT_FILE)!, assumed),
    ...built.diagnostics.filter((d) => d.severity === "warning"),
    ...plan.todo,
  ]);
  if (todo.length)
    console.log(
      `\nStill to write or check (what init assumed or made up):\n${todo.map(formatLine).join("\n")}`,
    );
  // A series' repository is set up on GitHub already: what is left is the archive's.
  if (archived)
    console.log(
      `\nStill to do:\n${nextEditionChecklist(archived.archive.id, archived.archive.early).join("\n")}`,
    );
  else console.log(`\nStill to do on GitHub:\n${checklist(repository).join("\n")}`);
} catch (error) {
  exitWithError(error, USAGE);
}
