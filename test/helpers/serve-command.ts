import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { REPO, tempDir } from "./fixture-root.ts";
import { until } from "./until.ts";

/**
 * Starts `npm start` or `npm run dev` as a real process on a free port and waits until it says where
 * it listens. The caller kills `child` when done. `out`: the output folder, a new one if not given.
 */
export async function serveCommand(command: "start" | "dev", root: string, out?: string) {
  out ??= join(await tempDir(), "dist");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      `compiled/cli/${command}.mjs`,
      "--root",
      root,
      "--out",
      out,
      "--port",
      "0",
      "--base-url",
      "http://localhost:4173/",
    ],
    { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = { stdout: "", stderr: "" };
  child.stdout!.on("data", (chunk) => (output.stdout += chunk));
  child.stderr!.on("data", (chunk) => (output.stderr += chunk));
  try {
    const url = await until(() => /listening on (http:\/\/\S+?)\)/.exec(output.stdout)?.[1]);
    return { child, url, output, out };
  } catch (error) {
    child.kill();
    throw error;
  }
}
