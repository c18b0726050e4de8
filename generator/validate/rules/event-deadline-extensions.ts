import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { deadlinesOf, offsetInstant } from "../offset-time.ts";
import { at, list, type Rule } from "../rule.ts";
import { closest } from "../words.ts";

/**
 * An extension gives one existing team more time than everyone: it names a team that exists, once,
 * and closes later than the submission deadline it extends. Without that deadline it extends
 * nothing (no change is late then), so it is a mistake to point out rather than a rule to apply.
 */
export const eventDeadlineExtensions: Rule = {
  name: "event-deadline-extensions",
  description:
    "Each extension in records/event.yaml names an existing team, once, and closes after deadlines.submission.",
  check({ event, teams }) {
    if (!event) return [];
    const deadlines = deadlinesOf(event.data);
    const slugs = teams.map((t) => t.slug);
    const known = new Set(slugs);
    const seen = new Set<string>();
    const closes = offsetInstant(deadlines.submission);
    const found: Diagnostic[] = [];
    list(deadlines.extensions).forEach((extension, i) => {
      const { team, submission } = (extension ?? {}) as { team?: unknown; submission?: unknown };
      const place = (key: string) => ["deadlines", "extensions", String(i), key];
      const name = (key: string) => `deadlines.extensions[${i}].${key}`;
      const problem = (
        key: string,
        rest: Omit<Diagnostic, "file" | "line" | "column" | "severity" | "rule">,
      ) =>
        found.push(at(event, place(key), { severity: "error", rule: "event-deadline-extensions", ...rest }));
      if (typeof team === "string" && !known.has(team)) {
        const near = closest(team, slugs);
        problem("team", {
          message: `${name("team")} must be the slug of a team in records/teams/ (found ${JSON.stringify(team)}, which is not one)`,
          expected: "the slug of a team in records/teams/",
          found: `${JSON.stringify(team)}, which is not one`,
          fix: near
            ? `Did you mean ${near}? A team's slug is its file name without .yaml.`
            : "Use a team's file name without .yaml.",
        });
      } else if (typeof team === "string" && seen.has(team))
        problem("team", {
          message: `${name("team")} must name a team once (found ${JSON.stringify(team)} again)`,
          expected: "a team no other extension names",
          found: `${JSON.stringify(team)} again`,
          fix: "Keep one extension per team, with the time it has.",
        });
      if (typeof team === "string") seen.add(team);
      const until = offsetInstant(submission);
      if (until === undefined) return;
      if (deadlines.submission === undefined || deadlines.submission === null)
        problem("submission", {
          message: `${name("submission")} must extend deadlines.submission (found no deadlines.submission to extend)`,
          expected: "a deadlines.submission for it to extend",
          found: "no deadlines.submission to extend",
          fix: "Set deadlines.submission, when submissions close for everyone, or remove the extension.",
        });
      else if (closes !== undefined && until <= closes)
        problem("submission", {
          message: `${name("submission")} must be later than deadlines.submission, ${String(deadlines.submission)} (found ${JSON.stringify(submission)}, which is not later)`,
          expected: `a time after ${String(deadlines.submission)}`,
          found: `${JSON.stringify(submission)}, which is not later`,
          fix: "An extension gives a team more time: set a later time, or remove the extension.",
        });
    });
    return found;
  },
};
