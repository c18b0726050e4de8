import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "./fixture-root.ts";

/**
 * The valid fixture event with `yaml` appended to its event.yaml (a `deadlines:` block, say), checked;
 * the diagnostics as `line:column rule found`, the way a test compares them.
 */
export async function checkEventWith(yaml: string): Promise<string[]> {
  const root = await fixtureRoot();
  await appendFile(join(root, "records/event.yaml"), yaml);
  const result = await check({ root });
  return result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.rule} ${d.found}`);
}

/** Two prizes to append to the valid fixture's event: one for every project, one for the sim track. */
export const PRIZES = `prizes:
  - id: best-overall
    name: Best overall
    description: The best project.
  - id: best-sim
    name: Best simulation
    description: The best in simulation.
    track: sim
`;
