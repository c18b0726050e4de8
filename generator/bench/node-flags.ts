import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../contract/render-record-types.ts";

/**
 * The Node flags an npm script gives its command (`node --max-semi-space-size=8 generator/run.mjs
 * …` gives `--max-semi-space-size=8`), so the benchmark runs each command, and its stand-ins for
 * `npm run build`, `npm run dev` and `npm start`, with the flags `npm run` would, without timing
 * npm's own start.
 */
export function nodeFlags(script: string, root = REPO_ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const words = scripts[script]?.trim().split(/\s+/) ?? [];
  const entry = words.indexOf("generator/run.mjs");
  if (words[0] !== "node" || entry < 1)
    throw new Error(
      `the npm script "${script}" should run node generator/run.mjs (found ${JSON.stringify(scripts[script])})`,
    );
  return words.slice(1, entry);
}
