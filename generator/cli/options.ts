import { inspect, parseArgs } from "node:util";
import { join } from "node:path";
import { CACHE_DIR, RecordCache } from "../cache/record-cache.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { refuseSourceFolder } from "../write/output-folder.ts";
import { PROCESS_OUTPUT, type CommandOutput } from "./print-diagnostics.ts";

export const DEFAULT_PORT = 4173;

export interface CliOptions {
  root: string;
  outDir: string;
  baseUrl: string;
  port: number;
  host: string;
  format: "text" | "json";
  /** The root's content cache, or none under `--no-cache`. */
  cache?: RecordCache;
}

/**
 * Where `npm run dev` builds unless `--out` is given: a folder of its own, so `npm run build` and
 * `npm start` (dist/) never change what it serves. Under node_modules/.cache/, beside the record
 * cache: already ignored by git, Prettier and editors' searches, and removed with node_modules.
 */
export const DEV_OUT = `${CACHE_DIR}/dev-site`;

/**
 * Command-line flags and environment shared by every command; flags win over the environment.
 * `devOut`: the output folder defaults to DEV_OUT under the root, not dist.
 */
export function cliOptions(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  { devOut = false }: { devOut?: boolean } = {},
): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: "string" },
      out: { type: "string" },
      "base-url": { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      format: { type: "string" },
      "no-cache": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: false,
  });
  const port = Number(values.port ?? env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`port must be 0 to 65535 (found ${values.port ?? env.PORT})`);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json")
    throw new Error(`--format must be text or json (found ${format})`);
  if (values.help) throw new HelpAsked();
  const root = values.root ?? process.cwd();
  const outDir = values.out ?? (devOut ? join(values.root ?? ".", DEV_OUT) : "dist");
  // DEV_OUT lies in node_modules/, which holds no record, and is only ever dev's own folder.
  if (values.out !== undefined || !devOut) refuseSourceFolder(outDir, [root, REPO_ROOT]);
  return {
    root,
    outDir,
    baseUrl: values["base-url"] ?? env.BASE_URL ?? `http://localhost:${port}/`,
    port,
    host: values.host ?? env.HOST ?? "127.0.0.1",
    format,
    ...(values["no-cache"] ? {} : { cache: RecordCache.open(root) }),
  };
}

/** A command's failure as one line, with its usage when the flags were the problem; exits with 2. */
export function exitWithError(error: unknown, usage: string): never {
  console.error(errorText(error, usage));
  process.exit(2);
}

/** A command's one error line, and its usage after a wrong flag or argument (exit code 2). */
export function errorText(error: unknown, usage: string): string {
  const parsing = String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");
  return `error: ${(error as Error).message}${parsing ? `\n\n${usage}` : ""}`;
}

/** `--help`: the command prints its usage instead of running. */
class HelpAsked extends Error {}

/** The flags every site command takes, for `--help`. */
export const COMMON_FLAGS = `  --root DIR        the checkout whose records/ and site/ to read (default: this folder)
  --no-cache        neither read nor write the record cache
  --format json     (validate) the diagnostics as JSON on stdout; use npm run -s to keep npm's banner out
  -h, --help        print this and stop`;

/**
 * A site command's run in this process: its flags from `args` and `env` (flags win), then `body`.
 * `--help` prints the usage (0); a bad flag or base URL one clear line and the usage (2), never a
 * stack trace; a body that throws a plain Error (a user's mistake) one line, anything else (a bug)
 * with its stack (2). The body's number is the exit code. `out`: where it all goes, the process's
 * streams or a test's text (test/helpers/command-in-process.ts).
 */
export async function commandRun(
  usage: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
  body: (options: CliOptions) => Promise<number | undefined>,
  defaults: { devOut?: boolean } = {},
): Promise<number | undefined> {
  let options: CliOptions;
  try {
    options = cliOptions(args, env, defaults);
  } catch (error) {
    if (error instanceof HelpAsked) {
      out.out(`${usage}\n\n${COMMON_FLAGS}\n`);
      return 0;
    }
    out.err(`error: ${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  return body(options).catch((error: Error) => {
    out.err(`${error.name === "Error" ? `error: ${error.message}` : inspect(error)}\n`);
    return 2;
  });
}

/**
 * Runs a command's body in this process (commandRun): on `--help`, a bad flag or a failure it
 * exits at once with the code, so a server it started does not keep the process open.
 */
export async function runCommand(
  usage: string,
  body: (options: CliOptions) => Promise<void>,
  defaults: { devOut?: boolean } = {},
): Promise<void> {
  const code = await commandRun(
    usage,
    process.argv.slice(2),
    process.env,
    PROCESS_OUTPUT,
    async (options) => void (await body(options)),
    defaults,
  );
  if (code !== undefined) process.exit(code);
}
