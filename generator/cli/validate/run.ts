import { sortDiagnostics } from "../../diagnostics/diagnostic.ts";
import { deriveEditions, deriveSite } from "../../pipeline.ts";
import { commandRun } from "../options.ts";
import { printDiagnostics, type CommandOutput } from "../print-diagnostics.ts";

export const USAGE = `usage: npm run validate -- [--format text|json]

Checks every record (schemas and cross-record rules) and, when they are valid, the judges' loads
in the assignment the site publishes: one line per problem, exit 1 on any error.`;

/**
 * `npm run validate`: every problem in every record, one line each; exit 1 on any error. Valid
 * records are derived too, as the build derives them, so a judge given more projects than
 * judging.perJudgeMax is warned of from the very assignment the judging pages show. `io.env`: the
 * environment the flags fall back on (this process's by default).
 */
export async function run(args: string[], io: CommandOutput & { env?: NodeJS.ProcessEnv }): Promise<number> {
  const code = await commandRun(USAGE, args, io.env ?? process.env, io, async (options) => {
    const current = await deriveSite(options);
    // Archived editions (editions/<id>/) are checked as the build checks them, their problems named there.
    const past = await deriveEditions(options, current.ok ? current.model.assets : []);
    const result = {
      ok: current.ok && past.ok,
      diagnostics: sortDiagnostics([...current.diagnostics, ...past.diagnostics]),
    };
    printDiagnostics(result.diagnostics, options.format, io);
    if (options.format === "text" && result.ok) io.err("records are valid\n");
    return result.ok ? 0 : 1;
  });
  return code ?? 0;
}
