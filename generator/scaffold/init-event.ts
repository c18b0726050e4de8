import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DateTime } from "luxon";
import { stringify } from "yaml";
import { recordSchemas } from "../contract/record-schemas.ts";
import { FORMS_DIR, writeForms } from "../intake/form-files.ts";
import { parseRecord } from "../load/parse-record.ts";
import { PUBLIC_DIR } from "../load/list-assets.ts";
import { ENTRY_FOLDERS, EVENT_FILE, SLUG_PATTERN } from "../record-layout.ts";
import { SAMPLE_EVENT } from "./placeholders.ts";
import { recordSlug } from "./new-record.ts";

/** The schemas' own patterns, so init refuses what validation would, before it writes anything. */
const GITHUB_HANDLE = new RegExp(recordSchemas.common.$defs.githubHandle.pattern);
const REPOSITORY = new RegExp(recordSchemas.event.properties.repository.pattern);

/** What `npm run init` asks; everything but the name, dates and time zone has a default. */
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
  /** `owner/name`, from the origin remote. */
  repository?: string;
  registrationUrl?: string;
}

/**
 * Turns the sample into the organiser's event: writes records/event.yaml from the answers, removes
 * the sample teams, projects and images (the folders stay, with a .gitkeep) and writes the issue
 * forms for the new event. Refuses an event that is no longer the sample unless `force`.
 */
export async function initEvent(root: string, answers: EventAnswers, force = false): Promise<string[]> {
  const current = await readFile(join(root, EVENT_FILE), "utf8").catch(() => undefined);
  const name =
    current === undefined ? undefined : (parseRecord(EVENT_FILE, current).data as { name?: unknown })?.name;
  if (!force && current !== undefined && name !== SAMPLE_EVENT.name)
    throw new Error(
      `${EVENT_FILE} is already your event (${JSON.stringify(name)}): run with --force to start over`,
    );
  const event = eventRecord(answers);
  const done: string[] = [];
  await writeFile(
    join(root, EVENT_FILE),
    `# yaml-language-server: $schema=schemas/event.schema.json\n${stringify(event, { lineWidth: 0 })}`,
  );
  done.push(`wrote ${EVENT_FILE}`);
  for (const folder of [...Object.values(ENTRY_FOLDERS), `${PUBLIC_DIR}/images`]) {
    const files = (await readdir(join(root, folder)).catch(() => [] as string[])).filter(
      (f) => f !== ".gitkeep",
    );
    for (const file of files) await rm(join(root, folder, file), { recursive: true });
    await mkdir(join(root, folder), { recursive: true });
    // git keeps no empty folder, and "Add file" in records/teams/ needs the folder on GitHub.
    await writeFile(join(root, folder, ".gitkeep"), "");
    done.push(`removed ${files.length} sample file${files.length === 1 ? "" : "s"} from ${folder}/`);
  }
  // The forms' contact link names the sample's repository until it names yours.
  const config = join(root, FORMS_DIR, "config.yml");
  if (repository(answers) && existsSync(config)) {
    const text = await readFile(config, "utf8");
    await writeFile(
      config,
      text.replaceAll(`github.com/${SAMPLE_EVENT.repository}/`, `github.com/${repository(answers)}/`),
    );
    done.push(`pointed ${FORMS_DIR}/config.yml at ${repository(answers)}`);
  }
  if (existsSync(join(root, ".github")))
    for (const file of await writeForms(root, event)) done.push(`wrote ${file}`);
  return done;
}

function eventRecord(a: EventAnswers): Record<string, unknown> {
  const at = (date: string, time: string) =>
    DateTime.fromISO(`${date}T${time}`, { zone: a.timezone }).toISO({
      suppressMilliseconds: true,
    });
  if (!at(a.start, "09:00"))
    throw new Error(
      `--start, --end and --timezone must be a date and an IANA time zone (found ${a.start}, ${a.timezone})`,
    );
  const tracks = (a.tracks?.length ? a.tracks : ["Open"]).map((track) => ({
    id: recordSlug(track) || "track",
    name: track,
    description: `Projects in the ${track} track.`,
  }));
  const repo = repository(a) ?? null;
  const registrationUrl =
    a.registrationUrl ??
    (repo ? `https://github.com/${repo}/issues/new?template=register-team.yml` : undefined);
  if (!registrationUrl)
    throw new Error("--registration URL is needed when the repository is unknown (no origin remote)");
  for (const handle of a.organisers)
    if (!GITHUB_HANDLE.test(handle))
      throw new Error(`--organiser must be a GitHub user name (found ${JSON.stringify(handle)})`);
  if (!a.organisers.length) throw new Error("at least one --organiser (a GitHub user name) is needed");
  return {
    name: a.name,
    tagline: a.tagline ?? `${a.name}: build something real in ${a.start === a.end ? "a day" : "a weekend"}.`,
    startDate: a.start,
    endDate: a.end,
    timezone: a.timezone,
    venue: { name: a.venue ?? "To be announced", address: a.address ?? "To be announced" },
    schedule: [
      { start: at(a.start, "09:00"), end: at(a.start, "10:00"), title: "Doors open, team formation" },
      { start: at(a.end, "15:00"), end: at(a.end, "17:00"), title: "Demos and judging" },
    ],
    hosts: [{ name: a.name }],
    tracks: tracks.filter((t, i) => SLUG_PATTERN.test(t.id) && tracks.findIndex((u) => u.id === t.id) === i),
    robots: (a.robots ?? []).map((robot) => ({
      name: robot,
      description: `${robot}, at the venue.`,
      count: 1,
    })),
    judgingCriteria: [
      { name: "Overall", weight: 100, description: "How well the project works, and how well it is shown." },
    ],
    registrationUrl,
    organisers: a.organisers,
    ...(repo ? { repository: repo } : {}),
  };
}

const repository = (a: EventAnswers) =>
  a.repository && REPOSITORY.test(a.repository) ? a.repository : undefined;

/** What an organiser still sets on GitHub, with links when the repository is known. */
export function checklist(repository: string | undefined): string[] {
  const url = (path: string) => (repository ? ` https://github.com/${repository}/${path}` : "");
  return [
    `[ ] Actions: forks start with workflows off; enable them under Actions.${url("actions")}`,
    `[ ] Issues: forks start with issues off; tick Issues under Settings → General → Features.${url("settings")}`,
    `[ ] Pages: Settings → Pages → Source: GitHub Actions, then run the Publish workflow once.${url("settings/pages")}`,
    `[ ] Intake: Settings → Actions → General → tick "Allow GitHub Actions to create and approve pull requests".${url("settings/actions")}`,
    `[ ] Labels: create "intake: register team", "intake: update team", "intake: submit project", "intake: update project".${url("labels")}`,
    `[ ] Optional: a GitHub App for the intake (INTAKE_APP_ID, INTAKE_APP_PRIVATE_KEY); see the README.`,
    `[ ] Protect main: require a pull request and the checks validate and hackathon-registry / ownership.${url("settings/branches")}`,
    "[ ] Edit records/event.yaml (venue, schedule, hosts, judging) and the handbook in site/handbook/, then commit.",
  ];
}
