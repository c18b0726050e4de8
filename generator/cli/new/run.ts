import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { newRecord } from "../../scaffold/new-record.ts";
import { errorText } from "../options.ts";
import type { CommandOutput } from "../print-diagnostics.ts";

/**
 * `npm run new -- team "Gripper Gang"` or `npm run new -- project "Sim2Real Arm" --team gripper-gang`:
 * writes a record that validates, with a comment for every optional field.
 */
export const USAGE = `usage: npm run new -- team "Team name" [--github you]
       npm run new -- project "Project title" [--team team-slug] [--github you]

Writes records/teams/<slug>.yaml or records/projects/<slug>.yaml: a record that validates, every
optional field as a comment. Fill in its placeholders (validate warns while they are left).

  --team SLUG    link the project to records/teams/SLUG.yaml
  --github YOU   your GitHub user name, so you can change the record later
  --root DIR     the checkout to write into (default: this folder)
  -h, --help     print this and stop`;

/**
 * `npm run new`: its arguments in, its exit code out (generator/cli/new.ts is the entry point). It
 * writes only through `io`, so a test runs it in its own process.
 */
export async function run(args: string[], io: CommandOutput & { cwd: string }): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: {
        team: { type: "string" },
        github: { type: "string" },
        root: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
    if (values.help) {
      io.out(`${USAGE}\n`);
      return 0;
    }
    const [kind, name] = positionals;
    if ((kind !== "team" && kind !== "project") || !name || positionals.length !== 2) {
      // `npm run new team X --github you` without `--`: npm keeps the flag and leaves its value here.
      const words =
        positionals.length > 2 ? ` (found ${positionals.length} words: ${positionals.join(" ")})` : "";
      const dashes = words
        ? '; npm keeps flags such as --github for itself unless they come after --: npm run new -- team "Gripper Gang" --github your-name'
        : "";
      throw new Error(`a kind and a name, such as team "Gripper Gang"${words}${dashes}\n\n${USAGE}`);
    }
    const file = await newRecord(resolve(io.cwd, values.root ?? "."), kind, name, values);
    io.out(`wrote ${file}: fill it in, run npm run validate, then open a pull request with it\n`);
    return 0;
  } catch (error) {
    io.err(`${errorText(error, USAGE)}\n`);
    return 2;
  }
}
