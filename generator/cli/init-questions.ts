import type { Interface } from "node:readline/promises";
import {
  DEFAULT_TRACK,
  HAS_ROBOTS,
  likelyRepository,
  type Given,
  type Known,
} from "../scaffold/init-assumptions.ts";

/** `Simulation, Hardware` → two names; an empty answer → none. */
const names = (answer: string) =>
  answer
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * In a terminal, asks for what the flags left out and init cannot know: the tracks, the robots
 * to lend, the organiser's own GitHub name (git's github.user offered, never the origin's owner,
 * often an organisation), the repository when the origin remote is not on GitHub, and the
 * deadlines when no flag gave one. What an
 * Enter accepts is said in the question. Returns the flags named by the answers given.
 */
export async function askTheRest(terminal: Interface, given: Given, known: Known): Promise<string[]> {
  const asked: string[] = [];
  if (!given.tracks?.length) {
    const answer = await terminal.question(
      `Tracks, separated by commas (such as Simulation, Hardware; Enter for one track, ${DEFAULT_TRACK}): `,
    );
    given.tracks = names(answer).length ? names(answer) : [DEFAULT_TRACK];
    asked.push("--track");
  }
  if (!given.robots && HAS_ROBOTS) {
    given.robots = names(
      await terminal.question("Robots teams can borrow, separated by commas (Enter for none): "),
    );
    asked.push("--robot");
  }
  if (!given.organisers?.length) {
    const offered = known.githubUser ? ` [${known.githubUser}]` : "";
    for (let tries = 0; tries < 3 && !given.organisers?.length; tries++) {
      const answer = names(
        await terminal.question(
          `Your GitHub user name, so your pull requests count as an organiser's (more, separated by commas)${offered}: `,
        ),
      );
      given.organisers = answer.length ? answer : known.githubUser ? [known.githubUser] : undefined;
    }
    asked.push("--organiser");
  }
  if (!given.repository && !known.originRepository && !given.registrationUrl) {
    const likely = likelyRepository(given.organisers, known.folder);
    const answer = (
      await terminal.question(
        `The event's repository on GitHub, owner/name (the origin remote is not on GitHub)${likely ? ` [${likely}]` : ""}: `,
      )
    ).trim();
    given.repository = answer || likely;
    asked.push("--repository");
  }
  if (!given.registrationDeadline && !given.submissionDeadline) {
    const when = async (what: string) =>
      (
        await terminal.question(
          `${what}, such as 2027-03-06 12:00 in the event's time zone (Enter for none): `,
        )
      ).trim() || undefined;
    given.registrationDeadline = await when("When registration closes");
    given.submissionDeadline = await when("When submissions close");
    asked.push("--registration-deadline", "--submission-deadline");
  }
  return asked;
}

/** The answers the flags gave; in a terminal the missing ones are asked, elsewhere they are an error. */
export async function ask<K extends string>(
  terminal: Interface | undefined,
  given: Record<K, string | undefined>,
  questions: Record<K, string>,
): Promise<Record<K, string>> {
  const missing = (Object.keys(given) as K[]).filter((key) => !given[key]);
  if (missing.length && !terminal)
    throw new Error(
      `${missing.map((key) => `--${key}`).join(", ")} needed (or run it in a terminal to be asked)`,
    );
  const answers = { ...given } as Record<K, string>;
  for (const key of missing) answers[key] = (await terminal!.question(`${questions[key]}: `)).trim();
  return answers;
}
