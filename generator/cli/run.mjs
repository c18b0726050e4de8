// Runs a compiled command (`node generator/cli/run.mjs validate …`), the way every npm script
// does. Plain JavaScript, so it runs before anything is installed or compiled: without the bundle
// (npm ci not run yet, or it failed) it says what to do, not a Node stack trace.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const [command = ""] = process.argv.splice(2, 1);
const root = fileURLToPath(new URL("../../", import.meta.url));
const bundle = `${root}compiled/${command.includes("/") ? command : `cli/${command}`}.mjs`;
if (!/^[a-z/-]+$/.test(command) || !existsSync(bundle)) {
  const installed = existsSync(`${root}node_modules/.package-lock.json`);
  console.error(
    installed
      ? `npm run ${command || "<command>"}: compiled/ does not hold this command; run \`npm run compile\` (or \`npm ci\` again) and try once more.`
      : `npm run ${command || "<command>"}: nothing is installed yet; run \`npm ci\` first (it installs the dependencies and compiles the commands), then this again.`,
  );
  process.exit(2);
}
await import(pathToFileURL(bundle).href);
