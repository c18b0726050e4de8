import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { oneOf } from "../words.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { KeptFindings } from "../kept-findings.ts";

const kept = new KeptFindings();

/** A warning only: teams may bring their own robots, but a typo in a lab robot's name is likely. */
export const projectRobotKnown: Rule = {
  name: "project-robot-known",
  description: "A project's robots are usually among the robots the event makes available.",
  check({ event, projects }) {
    const names = list(field(event, "robots"))
      .map((robot) => (robot as { name?: unknown } | null)?.name)
      .filter((name): name is string => typeof name === "string");
    if (names.length === 0) return [];
    const expected = `one of the event's robots (${oneOf(names)})`;
    const known = new Set(names);
    // Each project's findings kept with it while the event's robots are the same (kept-findings.ts).
    const findings = kept.with(JSON.stringify(names));
    const all: Diagnostic[] = [];
    const find = (project: (typeof projects)[number], found: Diagnostic[]) => {
      const robots = list(field(project, "robots"));
      for (let index = 0; index < robots.length; index++) {
        const robot = robots[index];
        if (typeof robot !== "string" || known.has(robot)) continue;
        found.push(
          at(project, ["robots", String(index)], {
            severity: "warning",
            rule: "project-robot-known",
            message: `robots[${index}] should be ${expected} (found ${JSON.stringify(robot)})`,
            expected,
            found: JSON.stringify(robot),
            fix: "Use the event's spelling; ignore this if you brought your own robot.",
          }),
        );
      }
    };
    for (const project of projects)
      for (const d of findings.of(project, (found) => find(project, found))) all.push(d);
    return all;
  },
};
