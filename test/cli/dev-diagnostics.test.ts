import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { devReport, diagnosticKey } from "../../generator/cli/dev-diagnostics.ts";

const problem = (
  file: string,
  severity: Diagnostic["severity"] = "warning",
  rule = "team-recruiting",
): Diagnostic => ({
  file,
  line: 2,
  column: 1,
  severity,
  rule,
  message: `${rule} in ${file}`,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => problem(`records/teams/t-${i}.yaml`));

describe("what npm run dev prints of a build's problems", () => {
  it("on the first build lists a few warnings, and counts many by rule with every error listed", () => {
    expect(devReport(many(3))).toEqual({ shown: many(3), summary: "0 errors, 3 warnings" });
    const error = problem("records/event.yaml", "error", "event-dates");
    const lots = [error, ...many(30), problem("records/projects/p.yaml", "warning", "project-robot-known")];
    expect(devReport(lots)).toEqual({
      shown: [error],
      summary:
        "1 error, 31 warnings (30 team-recruiting, 1 project-robot-known): npm run validate lists them; each save lists those of the files it changes",
    });
    expect(devReport([])).toEqual({ shown: [], summary: "" });
  });

  it("on a rebuild lists errors, the changed files' problems and new ones elsewhere, and counts the rest", () => {
    const before = many(30);
    const previous = new Set(before.map(diagnosticKey));
    // t-0 was saved (its warning stays); a project names a robot the event no longer has (new, not saved).
    const robot = problem("records/projects/p.yaml", "warning", "project-robot-known");
    const broken = problem("records/projects/q.yaml", "error", "project-team-slug");
    const after = [...before, robot, broken];
    const { shown, summary } = devReport(after, { previous, changed: new Set(["records/teams/t-0.yaml"]) });
    expect(shown).toEqual([before[0], robot, broken]);
    expect(summary).toBe(
      "1 error, 31 warnings: 3 shown (new, or in the files saved since the last build); 29 as before (npm run validate lists them)",
    );
    // A save that changes no problem does not print "0 shown".
    expect(devReport(before, { previous, changed: new Set(["records/teams/other.yaml"]) }).summary).toBe(
      "0 errors, 30 warnings, as before (npm run validate lists them)",
    );
    // Nothing hidden: just the count.
    expect(devReport(many(2), { previous: new Set(), changed: new Set() }).summary).toBe(
      "0 errors, 2 warnings",
    );
  });
});
