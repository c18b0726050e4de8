import { entryKindOf, EVENT_FILE, slugOf } from "../record-layout.ts";
import { eventTime } from "../render/shared/dates.ts";
import { deadlinesOf, offsetInstant } from "../validate/offset-time.ts";
import type { ChangedFile } from "./changed-file.ts";
import { linkedTeamFile } from "./record-people.ts";

/** A deadline that governs a change: when it closed, and what closed. */
interface Deadline {
  at: number;
  value: string;
  what: string;
}

/**
 * Why a change that ownership allows is late, or undefined when it is on time or no deadline
 * governs it. `seenAt` is when GitHub first validated the head commit (a Validate run's
 * `created_at`: GitHub's clock, never a commit date); undefined when no such run was found,
 * which is late for any change a deadline governs. Deadlines come from the base branch's event.
 *
 * Late: a team added after registration; a project added or changed after submissions close
 * (or its team's extension); a team's members changed after submissions close (they decide who
 * shares a prize). Other team edits stay open.
 */
export function lateness(
  file: ChangedFile,
  base: unknown,
  next: readonly unknown[],
  event: unknown,
  seenAt: number | undefined,
  seen = "validated",
): string | undefined {
  const deadline = governing(file, base, next, event);
  if (deadline === undefined || (seenAt !== undefined && seenAt <= deadline.at)) return undefined;
  const zone = timezoneOf(event);
  const closed = `${deadline.what} closed ${eventTime(deadline.value, zone)}`;
  const when =
    seenAt === undefined
      ? "GitHub has no Validate run for this commit to date it by"
      : `${seen} ${eventTime(new Date(seenAt).toISOString(), zone)}`;
  return `late: ${when}; ${closed}; an organiser may accept it by approving`;
}

/** The deadline a change must meet, if any: the earliest that any new version falls under. */
function governing(file: ChangedFile, base: unknown, next: readonly unknown[], event: unknown) {
  const deadlines = deadlinesOf(event);
  const kind = entryKindOf(file.path);
  if (file.status === "removed" || kind === undefined) return undefined;
  if (kind === "team" && file.status === "added") return closing(deadlines.registration, "registration");
  if (kind === "team") {
    const members = JSON.stringify(field(base, "members"));
    if (next.every((data) => JSON.stringify(field(data, "members")) === members)) return undefined;
    return submissionFor(file.path, deadlines);
  }
  // A project is held to its team's deadline before and after the change: moving it to a team
  // with an extension gives it no more time.
  const versions = file.status === "added" ? next : [base, ...next];
  const teams = versions.map((data) => linkedTeamFile(data));
  const found = teams.map((team) => (team ? submissionFor(team, deadlines) : submissionOf(deadlines)));
  return found.reduce<Deadline | undefined>(
    (a, b) => (a === undefined || (b && b.at < a.at) ? b : a),
    undefined,
  );
}

/** A team's submission deadline: its extension when organisers gave one, else the event's. */
function submissionFor(teamFile: string, deadlines: Record<string, unknown>): Deadline | undefined {
  const slug = slugOf(teamFile);
  const extensions = Array.isArray(deadlines.extensions) ? deadlines.extensions : [];
  const extension = extensions.find((e) => field(e, "team") === slug);
  if (extension === undefined) return submissionOf(deadlines);
  return closing(field(extension, "submission"), `submissions (extended for ${slug})`);
}

function submissionOf(deadlines: Record<string, unknown>): Deadline | undefined {
  return closing(deadlines.submission, "submissions");
}

/**
 * A deadline the event sets. One that is there but not a time with an offset (the schema refuses
 * it, so only a broken default branch holds one) closes at once: failing closed, never open.
 */
function closing(value: unknown, what: string): Deadline | undefined {
  if (value === undefined || value === null) return undefined;
  const at = offsetInstant(value);
  return at === undefined
    ? { at: -Infinity, value: "1970-01-01T00:00:00Z", what: `${what} (unreadable in ${EVENT_FILE})` }
    : { at, value: String(value), what };
}

function timezoneOf(event: unknown): string {
  const zone = field(event, "timezone");
  return typeof zone === "string" && zone !== "" ? zone : "UTC";
}

function field(data: unknown, key: string): unknown {
  return data && typeof data === "object" && !Array.isArray(data)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}
