import { parseArgs } from "node:util";
import { newRecord } from "../scaffold/new-record.ts";

/**
 * `npm run new -- team "Gripper Gang"` or `npm run new -- project "Sim2Real Arm" --team gripper-gang`:
 * writes a record that validates, with a comment for every optional field.
 */
try {
  const { values, positionals } = parseArgs({
    options: { team: { type: "string" }, github: { type: "string" }, root: { type: "string" } },
    allowPositionals: true,
  });
  const [kind, name] = positionals;
  if ((kind !== "team" && kind !== "project") || !name || positionals.length !== 2)
    throw new Error(
      'usage: npm run new -- team "Team name" | project "Project title" [--team team-slug] [--github you]',
    );
  const file = await newRecord(values.root ?? process.cwd(), kind, name, values);
  console.log(`wrote ${file}: fill it in, run npm run validate, then open a pull request with it`);
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
