import { recordSchemas } from "../contract/record-schemas.ts";
import { EXAMPLE_ORGANISER } from "../contract/placeholders.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { locateIn, placesOfText } from "../load/places.ts";
import { parseRecord } from "../load/parse-record.ts";
import { EVENT_FILE } from "../record-layout.ts";

export { EXAMPLE_ORGANISER };

const REPOSITORY = new RegExp(recordSchemas.event.properties.repository.pattern);

/** The one track an event gets when none is named: init says so whenever it writes it. */
export const DEFAULT_TRACK = "Open";

/** Whether the event schema has a list of robots to lend, so init asks for them. */
export const HAS_ROBOTS = Object.hasOwn(recordSchemas.event.properties, "robots");

/** A value init wrote that no flag or answer gave: told where it sits, with how to change it. */
export interface Assumption {
  segments: string[];
  message: string;
  fix: string;
}

/** What the flags or the terminal gave, for the fields init can fill without asking. */
export interface Given {
  tracks?: string[];
  robots?: string[];
  organisers?: string[];
  repository?: string;
  registrationUrl?: string;
  registrationDeadline?: string;
  submissionDeadline?: string;
}

/** What init knows of the checkout: the git settings and the folder's name. */
export interface Known {
  /** `git config github.user`: the person running init, when they set it. */
  githubUser?: string;
  /** The origin remote's owner on GitHub: often an organisation, so never taken as a person silently. */
  originOwner?: string;
  /** The origin remote's `owner/name`, when it is on GitHub. */
  originRepository?: string;
  folder: string;
}

/** The repository a fork without a GitHub origin most likely has: the organiser's, named as this folder. */
export function likelyRepository(
  organisers: readonly string[] | undefined,
  folder: string,
): string | undefined {
  const repo = organisers?.[0] ? `${organisers[0]}/${folder}` : undefined;
  return repo && REPOSITORY.test(repo) ? repo : undefined;
}

/**
 * Fills what neither a flag nor the terminal gave, each time saying so: one track "Open", no
 * robots, the organiser from git or the origin remote, the repository from the organiser and the
 * folder. Nothing is assumed without an Assumption that init prints with its placeholders.
 */
export function assumeMissing(given: Given, known: Known): { filled: Given; assumed: Assumption[] } {
  const assumed: Assumption[] = [];
  const note = (segments: string[], message: string, fix: string) => assumed.push({ segments, message, fix });
  const forms = "then npm run forms";
  let { tracks, robots, organisers, repository } = given;
  if (!tracks?.length) {
    tracks = ["Open"];
    note(
      ["tracks"],
      'one track, "Open", assumed: no --track was given',
      `Give --track NAME once per track, or write them under tracks in ${EVENT_FILE}, ${forms}.`,
    );
  }
  if (!robots && HAS_ROBOTS) {
    robots = [];
    note(
      ["robots"],
      "no robots to lend, assumed: no --robot was given",
      `Give --robot NAME once per robot teams can borrow, or list them under robots in ${EVENT_FILE}, ${forms}.`,
    );
  }
  const own = `Give --organiser followed by your own GitHub user name (once per organiser), or write them under organisers in ${EVENT_FILE}.`;
  if (!organisers?.length && known.githubUser) {
    organisers = [known.githubUser];
    note(
      ["organisers"],
      `organisers: ${known.githubUser}, from git config github.user, assumed: no --organiser was given`,
      own,
    );
  } else if (!organisers?.length && known.originOwner) {
    organisers = [known.originOwner];
    note(
      ["organisers"],
      `organisers: ${known.originOwner}, the owner of the origin remote, assumed: no --organiser was given. If that is an organisation, no one's pull request counts as an organiser's`,
      own,
    );
  }
  if (organisers?.some((name) => name.toLowerCase() === EXAMPLE_ORGANISER))
    note(["organisers"], `organisers: ${EXAMPLE_ORGANISER} is the README's example, not a person`, own);
  repository ??= known.originRepository;
  if (!repository && !given.registrationUrl) {
    repository = likelyRepository(organisers, known.folder);
    if (repository)
      note(
        ["repository"],
        `repository: ${repository}, from the organiser and this folder's name, assumed: no --repository was given and the origin remote is not on GitHub`,
        `Give --repository owner/name, or correct repository and registrationUrl in ${EVENT_FILE}.`,
      );
  }
  // Without deadlines the site never closes registration nor submissions, and no one is late.
  if (!given.registrationDeadline && !given.submissionDeadline)
    note(
      ["endDate"],
      "no deadlines: registration and submissions never close, and no pull request is late",
      `Give --registration-deadline and --submission-deadline (such as "2027-03-06 12:00", in the event's time zone), or write them under deadlines in ${EVENT_FILE}.`,
    );
  return { filled: { ...given, tracks, robots, organisers, repository }, assumed };
}

/** Each assumption as a line of the "still to write" list, at its field in the event file init wrote. */
export function assumedDiagnostics(eventText: string, assumed: readonly Assumption[]): Diagnostic[] {
  const { data } = parseRecord(EVENT_FILE, eventText);
  const places = placesOfText(eventText);
  return assumed.map(({ segments, message, fix }) => ({
    file: EVENT_FILE,
    ...locateIn(places, data, segments, "key"),
    severity: "warning",
    rule: "init-assumed",
    message,
    fix,
  }));
}
