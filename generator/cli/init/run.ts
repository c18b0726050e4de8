import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { sortDiagnostics } from "../../diagnostics/diagnostic.ts";
import { formatLine } from "../../diagnostics/format-line.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { applyPlan } from "../../scaffold/apply-plan.ts";
import { buildPlanned } from "../../scaffold/build-planned.ts";
import { flagProblems } from "../../scaffold/event-flags.ts";
import {
  assumeMissing,
  assumedDiagnostics,
  type Given,
  type Known,
} from "../../scaffold/init-assumptions.ts";
import { nextEditionChecklist, planArchive } from "../../scaffold/next-edition.ts";
import { checklist, originRepository, planInit, type EventAnswers } from "../../scaffold/init-event.ts";
import { ask, askTheRest } from "../init-questions.ts";
import { count } from "../report.ts";
import { errorText } from "../options.ts";
import type { CommandOutput } from "../print-diagnostics.ts";
import { USAGE } from "./usage.ts";

/** Where init runs: its folder, and a terminal to ask in (none where no one can answer). */
export interface InitIo extends CommandOutput {
  cwd: string;
  terminal?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } | undefined;
  /** What git is run with (the process's environment unless given): its settings are read from it. */
  env?: NodeJS.ProcessEnv;
}

/**
 * `npm run init`: its arguments in, its exit code out (generator/cli/init.ts is the entry point).
 * It writes only through `io`, so a test runs it in its own process.
 */
export async function run(args: string[], io: InitIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args,
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
      io.out(`${USAGE}\n`);
      return 0;
    }
    const root = resolve(io.cwd, values.root ?? ".");
    if (values.edition !== undefined && !values["next-edition"])
      throw new Error("--edition names the archive --next-edition makes: give --next-edition too");
    // The edition is archived as its last build dated it: worked out before any question or change.
    const archived = values["next-edition"]
      ? await planArchive(root, { edition: values.edition })
      : undefined;
    if (archived && !archived.ok) {
      for (const d of archived.diagnostics.filter((d) => d.severity === "error"))
        io.err(`${formatLine(d)}\n`);
      throw new Error(
        "the current edition does not build, so it was not archived and nothing was changed: fix the lines above (npm run validate names them too), then run npm run init -- --next-edition again",
      );
    }
    const git = (...args: string[]) => {
      try {
        return execFileSync("git", args, {
          cwd: root,
          env: io.env ?? process.env,
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
    const terminal = io.terminal ? createInterface(io.terminal) : undefined;
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
      for (const [flag, value] of Object.entries(values))
        if (value !== undefined) flagsGiven.add(`--${flag}`);
      // Only errors stop init; a warning (a placeholder init made up) is no refused value.
      const errors = built.diagnostics.filter((d) => d.severity === "error");
      const { lines, rest } = flagProblems(errors, plan.writes.get(EVENT_FILE)!, flagsGiven);
      for (const line of lines) io.err(`${line}\n`);
      for (const d of rest) io.err(`${formatLine(d)}\n`);
      throw new Error(
        lines.length && !rest.length
          ? "the values above were refused and nothing was changed: give them again as each line says"
          : "the new event does not build yet and nothing was changed: fix the lines above, then run npm run init again",
      );
    }
    // What init writes where nothing was, for the undo line (git restore leaves it behind).
    const made = [...plan.writes.keys(), ...plan.copies.map((c) => c.to)].filter(
      (path) => !existsSync(join(root, path)),
    );
    await applyPlan(root, plan);
    for (const line of plan.done) io.out(`${line}\n`);
    io.out(`built ${count(built.summary.records, "record")} into ${out}: npm start serves it\n`);
    // What init assumed or took out of the handbook, and every warning of the build: the placeholders
    // init made up (validate warns until they are filled in), a deadline's offset the zone does not have.
    const todo = sortDiagnostics([
      ...assumedDiagnostics(plan.writes.get(EVENT_FILE)!, assumed),
      ...built.diagnostics.filter((d) => d.severity === "warning"),
      ...plan.todo,
    ]);
    if (todo.length)
      io.out(
        `\nStill to write or check (what init assumed or made up):\n${todo.map(formatLine).join("\n")}\n`,
      );
    // A series' repository is set up on GitHub already: what is left is the archive's.
    if (archived)
      io.out(
        `\nStill to do:\n${nextEditionChecklist(archived.archive.id, archived.archive.early, made).join("\n")}\n`,
      );
    else io.out(`\nStill to do on GitHub:\n${checklist(repository).join("\n")}\n`);
    return 0;
  } catch (error) {
    io.err(`${errorText(error, USAGE)}\n`);
    return 2;
  }
}
