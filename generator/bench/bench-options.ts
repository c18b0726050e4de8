import { parseArgs } from "node:util";

/** The benchmark's parts, each runnable alone with --only. */
export const PARTS = {
  clean: "clean build / Hugo on tmpfs, and peak memory",
  one: "one record changed, cache warm / Hugo on tmpfs, and files written",
  warnings: "70 % warnings / the realistic event",
  dev: "npm run dev, save to page, at the size given and at 1,000 + 1,000, beside hugo server",
  disk: "the clean and one-record pairs with both tools' output on a disk",
  reader: "the quick reader / the document API",
  sizes: "page sizes (and the search figures)",
  install: "installs on a cold npm cache",
  tally: "npm run tally's ranking at the event's projects and 200 judges' score files",
  "hour-after": "the hour after at 1/10 scale on the GitHub model (its tests, through vitest)",
  editions: "Publish's build with one archived edition the size of the current one / without it",
  suite: "`npm test` once, its wall time and CPU (2 to 3 minutes)",
} as const;
export type Part = keyof typeof PARTS;

/**
 * No flag (or --quick): the issue's table on tmpfs, without the disk pairs, the reader, the installs,
 * the tally, the hour after, the editions and the suite, so that `npm run bench` answers within 10
 * minutes; --all runs every part (past 20).
 */
const QUICK: Part[] = ["clean", "one", "warnings", "dev", "sizes"];

export const USAGE = `usage: npm run bench -- [--hugo DIR] [--events DIR] [--teams N] [--projects N] [--runs N]
                         [--all | --only PART,…] [--disk DIR] [--hugo-full-render]

Paired benchmark figures on a synthetic event (default 10,000 teams and 10,000 projects, 5 runs
each), against the Hugo kit in DIR when given; prints a markdown block for docs/performance.md.

  --events DIR        the realistic event of the kit in DIR (../shared/bench/events: its gen.js
                      and realistic.js) instead of the synthetic one; --projects N teams and N
                      projects
  (no part flag)      ${QUICK.join(", ")}: within 10 minutes (--quick says the same)
  --all               every part below
  --only PART,…       only these parts:
${Object.entries(PARTS)
  .map(([part, what]) => `                        ${part.padEnd(10)} ${what}`)
  .join("\n")}
  --disk DIR          where the disk pairs write (default: /var/tmp or the checkout's parent,
                      whichever is not in memory)
  --hugo-full-render  hugo server with --disableFastRender (default: Hugo's fast render mode)`;

export interface BenchOptions {
  size: { teams: number; projects: number };
  runs: number;
  hugo?: string;
  /** The shared events kit (gen.js, realistic.js), whose event replaces the synthetic one. */
  events?: string;
  parts: ReadonlySet<Part>;
  disk?: string;
  hugoFullRender: boolean;
  help: boolean;
}

const count = (name: string, text: string, least: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < least)
    throw new Error(`--${name} must be a whole number ≥ ${least} (found ${text})`);
  return n;
};

export function benchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      teams: { type: "string", default: "10000" },
      projects: { type: "string", default: "10000" },
      runs: { type: "string", default: "5" },
      hugo: { type: "string" },
      events: { type: "string" },
      quick: { type: "boolean" },
      all: { type: "boolean" },
      only: { type: "string" },
      disk: { type: "string" },
      "hugo-full-render": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if ([values.quick, values.all, values.only].filter(Boolean).length > 1)
    throw new Error("give one of --quick, --all and --only");
  const parts =
    values.only?.split(",").map((part) => part.trim()) ?? (values.all ? Object.keys(PARTS) : QUICK);
  const unknown = parts.filter((part) => !(part in PARTS));
  if (unknown.length)
    throw new Error(
      `--only: no part named ${unknown.join(", ")}; the parts are ${Object.keys(PARTS).join(", ")}`,
    );
  return {
    // A project edited by the dev figure is one of the first hundred; a one-record build edits any.
    size: { teams: count("teams", values.teams, 1), projects: count("projects", values.projects, 100) },
    runs: count("runs", values.runs, 1),
    ...(values.hugo ? { hugo: values.hugo } : {}),
    ...(values.events ? { events: values.events } : {}),
    parts: new Set(parts as Part[]),
    ...(values.disk ? { disk: values.disk } : {}),
    hugoFullRender: values["hugo-full-render"] ?? false,
    help: values.help ?? false,
  };
}
