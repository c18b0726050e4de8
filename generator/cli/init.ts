import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { formatLine } from "../diagnostics/format-line.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { applyPlan } from "../scaffold/apply-plan.ts";
import { buildPlanned } from "../scaffold/build-planned.ts";
import { flagProblems } from "../scaffold/event-flags.ts";
import { checklist, originRepository, planInit, type EventAnswers } from "../scaffold/init-event.ts";
import { count } from "./report.ts";
import { exitWithError } from "./options.ts";

const USAGE = `usage: npm run init -- --name "Robo Jam" --start 2027-03-06 --end 2027-03-07 --timezone Europe/Paris
       [--organiser you]... [--track "Simulation"]... [--robot "TurtleBot 4"]... [--tagline TEXT]
       [--venue NAME --address TEXT] [--registration URL] [--repository owner/name]
       [--registration-deadline TIME] [--submission-deadline TIME] [--force [--remove-records]]

Makes this repository your event: writes records/event.yaml, removes the sample teams, projects and
images (known by their content), writes the issue forms, builds once, and prints the GitHub settings
still to do. Asks for what the flags leave out when run in a terminal. Organisers default to you
(git config github.user, else the origin remote's owner), the repository to the origin remote. Every
value is checked as npm run validate checks records before anything is changed: a refused value
changes nothing.

  --registration-deadline, --submission-deadline
                when registration and submissions close: "2027-03-07 14:00" in the event's
                time zone, or a time with its offset (2027-03-07T14:00:00+01:00)
  --force       start over on an event that is no longer the sample
  --remove-records
                remove too the files in records/teams/, records/projects/ and site/public/images/
                that are not the samples init shipped (teams that registered since); without it,
                init refuses while any is there, naming them
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
      root: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const root = values.root ?? process.cwd();
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
  const repository = values.repository ?? originRepository(origin?.[1], origin?.[2]);
  const you = git("config", "github.user") || origin?.[1];
  const asked = await ask(
    { name: values.name, start: values.start, end: values.end, timezone: values.timezone },
    {
      name: "Event name",
      start: "First day (YYYY-MM-DD)",
      end: "Last day (YYYY-MM-DD)",
      timezone: "Time zone (such as Europe/Paris)",
    },
  );
  const answers: EventAnswers = {
    ...asked,
    tagline: values.tagline,
    venue: values.venue,
    address: values.address,
    tracks: values.track,
    robots: values.robot,
    organisers: values.organiser ?? (you ? [you] : []),
    repository,
    registrationUrl: values.registration,
    registrationDeadline: values["registration-deadline"],
    submissionDeadline: values["submission-deadline"],
  };
  // Nothing is written until the event is known to build: the checkout as the plan leaves it is
  // built from a copy (every rule validate applies), and only then is the plan put in place, all or
  // none. dist/ (build output, not in git) is the one thing written before: if putting the plan in
  // place then fails, the checkout is restored but dist/ holds the new event's site.
  const plan = await planInit(root, answers, {
    force: values.force,
    removeRecords: values["remove-records"],
  });
  const out = join(root, "dist");
  const built = await buildPlanned(root, plan, { outDir: out, baseUrl: "http://localhost:4173/" });
  if (!built.ok) {
    // Flags the organiser set, and the four a terminal asked for.
    const given = new Set(["--name", "--start", "--end", "--timezone"]);
    for (const [flag, value] of Object.entries(values)) if (value !== undefined) given.add(`--${flag}`);
    // Only errors stop init; a warning (a placeholder init made up) is no refused value.
    const errors = built.diagnostics.filter((d) => d.severity === "error");
    const { lines, rest } = flagProblems(errors, plan.writes.get(EVENT_FILE)!, given);
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
  // What init had to make up (the venue, the host, ...): validate warns on each until it is filled in.
  const placeholders = built.diagnostics.filter((d) => d.rule === "placeholders");
  if (placeholders.length)
    console.log(`\nStill to write in ${EVENT_FILE}:\n${placeholders.map(formatLine).join("\n")}`);
  console.log(`\nStill to do on GitHub:\n${checklist(repository).join("\n")}`);
} catch (error) {
  exitWithError(error, USAGE);
}

/** The answers the flags gave; in a terminal the missing ones are asked, elsewhere they are an error. */
async function ask<K extends string>(
  given: Record<K, string | undefined>,
  questions: Record<K, string>,
): Promise<Record<K, string>> {
  const missing = (Object.keys(given) as K[]).filter((key) => !given[key]);
  if (missing.length && !process.stdin.isTTY)
    throw new Error(
      `${missing.map((key) => `--${key}`).join(", ")} needed (or run it in a terminal to be asked)`,
    );
  const answers = { ...given } as Record<K, string>;
  if (!missing.length) return answers;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  for (const key of missing) answers[key] = (await terminal.question(`${questions[key]}: `)).trim();
  terminal.close();
  return answers;
}
