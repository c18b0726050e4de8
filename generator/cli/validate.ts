import { sortDiagnostics } from "../diagnostics/diagnostic.ts";
import { deriveEditions, deriveSite } from "../pipeline.ts";
import { runCommand } from "./options.ts";
import { printDiagnostics } from "./print-diagnostics.ts";

const USAGE = `usage: npm run validate -- [--format text|json]

Checks every record (schemas and cross-record rules) and, when they are valid, the judges' loads
in the assignment the site publishes: one line per problem, exit 1 on any error.`;

/**
 * `npm run validate`: every problem in every record, one line each; exit 1 on any error. Valid
 * records are derived too, as the build derives them, so a judge given more projects than
 * judging.perJudgeMax is warned of from the very assignment the judging pages show.
 */
await runCommand(USAGE, async (options) => {
  const current = await deriveSite(options);
  // Archived editions (editions/<id>/) are checked as the build checks them, their problems named there.
  const past = await deriveEditions(options, current.ok ? current.model.assets : []);
  const result = {
    ok: current.ok && past.ok,
    diagnostics: sortDiagnostics([...current.diagnostics, ...past.diagnostics]),
  };
  printDiagnostics(result.diagnostics, options.format);
  if (options.format === "text" && result.ok) process.stderr.write("records are valid\n");
  process.exitCode = result.ok ? 0 : 1;
});
