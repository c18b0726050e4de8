import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Vitest's global setup: tests import the sources, and tests that run a command run it as `npm run`
 * does, from compiled/; compiling first makes that the code under test.
 */
export default function setup(): void {
  const repo = fileURLToPath(new URL("../../", import.meta.url));
  execFileSync("npm", ["run", "--silent", "compile"], { cwd: repo, stdio: "inherit" });
}
