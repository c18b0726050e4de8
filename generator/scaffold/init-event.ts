import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DateTime } from "luxon";
import { stringify } from "yaml";
import { recordSchemas } from "../contract/record-schemas.ts";
import { FORMS_DIR, formFiles } from "../load/forms/form-files.ts";
import { parseRecord } from "../load/parse-record.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { INIT_PLACEHOLDERS, SAMPLE_EVENT } from "../contract/placeholders.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { readWrittenTime } from "../validate/event-times.ts";
import { DEFAULT_TRACK } from "./init-assumptions.ts";
import { recordSlug } from "./new-record.ts";
import type { EditionArchive } from "./next-edition.ts";
import { removeSamples, SAMPLE_FOLDERS } from "./sample-files.ts";
import { sampleHandbook } from "./sample-handbook.ts";

/** A repository the origin remote names is taken only in the schema's shape; a flag's is judged by validation. */
const REPOSITORY = new RegExp(recordSchemas.event.properties.repository.pattern);

/** What `npm run init` asks; what is left out is assumed by init-assumptions.ts, and said. */
export interface EventAnswers {
  name: string;
  start: string;
  end: string;
  timezone: string;
  tagline?: string;
  venue?: string;
  address?: string;
  tracks?: string[];
  robots?: string[];
  organisers: string[];
  /** `owner/name`, from --repository (taken as given) or else the origin remote. */
  repository?: string;
  registrationUrl?: string;
  /** When registration and submissions close: a time with an offset, or one read in `timezone`. */
  registrationDeadline?: string;
  submissionDeadline?: string;
}

/** What init will change, worked out before anything is: every path is relative to the root. */
export interface InitPlan {
  /** The event record it writes, as data and as the text of records/event.yaml. */
  event: Record<string, unknown>;
  /** Files written, with their new text (records/event.yaml, the forms, each folder's .gitkeep). */
  writes: Map<string, string>;
  /** Files and folders removed (the sample teams, projects and images; with an archive, all of them). */
  removals: string[];
  /** Files copied byte for byte before anything is removed (an archived edition's, next-edition.ts). */
  copies: Array<{ from: string; to: string }>;
  /** What each change is, for the command to print once it is made. */
  done: string[];
  /** Where the organiser still writes their own (the handbook rules that went with the sample). */
  todo: Diagnostic[];
}

/**
 * Works out how the sample becomes the organiser's event, writing nothing and reading only the
 * current event, the sample folders and the forms config: records/event.yaml from the answers, the
 * sample teams, projects and images removed (the folders stay, with a .gitkeep), the issue forms for
 * the new event. Refuses an event that is no longer the sample unless `force`, and any file in the
 * sample folders that is not a shipped sample (a team that registered since) unless `removeRecords`.
 * With an `archive` (--next-edition), the current event is kept there, so neither refusal applies:
 * the sample folders' files all go to the archive instead.
 */
export async function planInit(
  root: string,
  answers: EventAnswers,
  {
    force = false,
    removeRecords = false,
    archive,
  }: { force?: boolean | undefined; removeRecords?: boolean | undefined; archive?: EditionArchive } = {},
): Promise<InitPlan> {
  const current = await readFile(join(root, EVENT_FILE), "utf8").catch(() => undefined);
  const name =
    current === undefined ? undefined : (parseRecord(EVENT_FILE, current).data as { name?: unknown })?.name;
  if (!archive && !force && current !== undefined && name !== SAMPLE_EVENT.name)
    throw new Error(
      `${EVENT_FILE} is already your event (${JSON.stringify(name)}): run with --force to start over, or with --next-edition to archive it under editions/ and start the next`,
    );
  const event = eventRecord(answers);
  const plan: InitPlan = { event, writes: new Map(), removals: [], copies: [], done: [], todo: [] };
  plan.writes.set(
    EVENT_FILE,
    `# yaml-language-server: $schema=schemas/event.schema.json\n${stringify(event, { lineWidth: 0 })}`,
  );
  plan.done.push(`wrote ${EVENT_FILE}`);
  if (archive) {
    plan.copies.push(...archive.copies);
    plan.removals.push(...archive.removals);
    for (const [file, text] of archive.writes) plan.writes.set(file, text);
    for (const folder of SAMPLE_FOLDERS) plan.writes.set(`${folder}/.gitkeep`, "");
    plan.done.unshift(...archive.done);
  } else await removeSamples(root, plan, removeRecords);
  // The sample's own rules (its lab's drones, its demo slots) go with the sample.
  const handbook = await sampleHandbook(root);
  for (const [file, text] of handbook.writes) plan.writes.set(file, text);
  plan.done.push(...handbook.done);
  plan.todo.push(...handbook.todo);
  // The forms' contact link names the sample's repository until it names yours.
  const config = `${FORMS_DIR}/config.yml`;
  const repo = event.repository as string | undefined;
  if (repo && existsSync(join(root, config))) {
    const text = await readFile(join(root, config), "utf8");
    plan.writes.set(config, text.replaceAll(`github.com/${SAMPLE_EVENT.repository}/`, `github.com/${repo}/`));
    plan.done.push(`pointed ${config} at ${repo}`);
  }
  if (existsSync(join(root, ".github")))
    for (const { file, text } of formFiles(event)) {
      plan.writes.set(file, text);
      plan.done.push(`wrote ${file}`);
    }
  return plan;
}

/**
 * The event record the answers make. Nothing in it is judged here: the whole record is validated
 * as `npm run validate` would, before anything is written (see cli/init.ts).
 */
function eventRecord(a: EventAnswers): Record<string, unknown> {
  // An unknown zone or a date that is none leaves the time as written; validation names the flag.
  const at = (date: string, time: string) =>
    DateTime.fromISO(`${date}T${time}`, { zone: a.timezone }).toISO({ suppressMilliseconds: true }) ??
    `${date}T${time}`;
  // The command lists this default among what it assumed (init-assumptions.ts).
  const tracks = (a.tracks?.length ? a.tracks : [DEFAULT_TRACK]).map((track, i) => ({
    // A name with no Latin letter or digit still gets an id of its own.
    id: recordSlug(track) || `track-${i + 1}`,
    name: track,
    description: INIT_PLACEHOLDERS.track(track),
  }));
  const repo = a.repository;
  const registrationUrl =
    a.registrationUrl ??
    (repo ? `https://github.com/${repo}/issues/new?template=register-team.yml` : undefined);
  if (!registrationUrl)
    throw new Error(
      "--repository: expected the event's GitHub repository, owner/name, to make the registration link from, found none (no --repository, no origin remote on GitHub, no --organiser to guess it from). Fix: give --organiser your-github-name, which init needs anyway and takes the repository from (your-github-name/<this folder's name>), adding --repository owner/name when it is another; or run init in a terminal to be asked",
    );
  return {
    name: a.name,
    tagline: a.tagline ?? INIT_PLACEHOLDERS.tagline(a.name, a.start === a.end),
    startDate: a.start,
    endDate: a.end,
    timezone: a.timezone,
    venue: { name: a.venue ?? INIT_PLACEHOLDERS.venue, address: a.address ?? INIT_PLACEHOLDERS.venue },
    schedule: [
      { start: at(a.start, "09:00"), end: at(a.start, "10:00"), title: "Doors open, team formation" },
      { start: at(a.end, "15:00"), end: at(a.end, "17:00"), title: "Demos and judging" },
    ],
    hosts: [{ name: a.name }],
    tracks,
    robots: (a.robots ?? []).map((robot) => ({
      name: robot,
      description: INIT_PLACEHOLDERS.robot(robot),
      count: 1,
    })),
    judgingCriteria: [
      { name: "Overall", weight: 100, description: "How well the project works, and how well it is shown." },
    ],
    registrationUrl,
    ...deadlines(a),
    organisers: a.organisers,
    ...(repo ? { repository: repo } : {}),
  };
}

/**
 * `deadlines` from the flags given, read as the event file's rule reads them (validate/event-times.ts):
 * a time with its offset in any usual spelling, or a local one (`2027-03-07 14:00`) in the event's
 * zone; anything else, a time the clocks skip included, stays as written for validation to refuse
 * with the flag's name.
 */
function deadlines(a: EventAnswers): { deadlines?: Record<string, string> } {
  const at = (value: string) => {
    const written = readWrittenTime(value, a.timezone);
    return written?.kind === "time" ? written.iso : value;
  };
  const given = {
    ...(a.registrationDeadline === undefined ? {} : { registration: at(a.registrationDeadline) }),
    ...(a.submissionDeadline === undefined ? {} : { submission: at(a.submissionDeadline) }),
  };
  return Object.keys(given).length === 0 ? {} : { deadlines: given };
}

/** The origin remote's `owner/name`, when it has the shape the schema asks for. */
export function originRepository(owner: string | undefined, name: string | undefined): string | undefined {
  const repo = owner && name ? `${owner}/${name}` : undefined;
  return repo && REPOSITORY.test(repo) ? repo : undefined;
}

/** What an organiser still sets on GitHub, with links when the repository is known. */
export function checklist(repository: string | undefined): string[] {
  const url = (path: string) => (repository ? ` https://github.com/${repository}/${path}` : "");
  return [
    `[ ] Actions: forks start with workflows off; enable them under Actions, then open the scheduled ones (Queue green pull requests, Sweep) and click Enable workflow on each (GitHub disables a fork's schedules).${url("actions")}`,
    `[ ] Issues: forks start with issues off; tick Issues under Settings → General → Features.${url("settings")}`,
    `[ ] Pages: Settings → Pages → Source: GitHub Actions, then run the Publish workflow once.${url("settings/pages")}`,
    `[ ] Intake: Settings → Actions → General → tick "Allow GitHub Actions to create and approve pull requests".${url("settings/actions")}`,
    `[ ] Labels: create "intake: register team", "intake: update team", "intake: submit project", "intake: update project".${url("labels")}`,
    `[ ] From about 100 teams: a GitHub App (INTAKE_APP_ID, INTAKE_APP_PRIVATE_KEY), whose 5,000 requests an hour carry the final hour; GITHUB_TOKEN's 1,000 carry about 250 pushes. Steps, and the branch rule's source: docs/final-hour.md.`,
    `[ ] Protect main: require a pull request and the checks validate and hackathon-registry / ownership (from any source once an App sets it).${url("settings/branches")}`,
    `[ ] The hour after: in an organisation's public repository, also "Require merge queue" (merge method merge, group size 1–10, build concurrency 5, only merge non-failing, status check timeout 60 min); at the deadline run Actions → Queue green pull requests once (its schedule carries it on). In a user's repository leave "Require branches to be up to date" off. Timeline: docs/final-hour.md#the-hour-after.`,
    "[ ] Edit records/event.yaml (venue, schedule, hosts, judging) and the handbook in site/handbook/, then commit.",
    `[ ] Next year: npm run init -- --next-edition keeps this edition as it is in editions/<its start year>/, published at /<year>/ with its pages, API and winners (its old addresses redirect there; /editions/ and /api/editions.json list every edition; its records are checked with the current schemas), then makes the next event. docs/editions.md.`,
  ];
}
