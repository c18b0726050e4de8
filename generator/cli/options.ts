import { parseArgs } from "node:util";
import { RecordCache } from "../cache/record-cache.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { refuseSourceFolder } from "../write/output-folder.ts";

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

/** Command-line flags and environment shared by every command; flags win over the environment. */
export function cliOptions(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
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
    },
    allowPositionals: false,
  });
  const port = Number(values.port ?? env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`port must be 0 to 65535 (found ${values.port ?? env.PORT})`);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json")
    throw new Error(`--format must be text or json (found ${format})`);
  const root = values.root ?? process.cwd();
  const outDir = values.out ?? "dist";
  refuseSourceFolder(outDir, [root, REPO_ROOT]);
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

/** Runs a command's body; a bad flag or base URL prints one clear line instead of a stack trace. */
export async function runCommand(body: (options: CliOptions) => Promise<void>): Promise<void> {
  let options: CliOptions;
  try {
    options = cliOptions();
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exit(2);
  }
  await body(options).catch((error: Error) => {
    // A plain Error is a user's mistake (such as a bad base URL); anything else is a bug and keeps its stack.
    console.error(error.name === "Error" ? `error: ${error.message}` : error);
    process.exit(2);
  });
}
