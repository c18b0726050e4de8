import { unlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { oneLine } from "../diagnostics/format-line.ts";
import { breakLock, holderOf, isAlive, lockText, tryLock } from "./output-lock.ts";

/** The file beside an output folder naming the command that serves it: `.dist.serving` for dist/. */
export const servingFile = (outDir: string): string => {
  const target = resolve(outDir);
  return join(dirname(target), `.${basename(target)}.serving`);
};

/**
 * Claims the folder `npm start` or `npm run dev` serves, for as long as it runs: a build, or another
 * server, writing it meanwhile would change the site under it (its pages gone, its absolute URLs on
 * another port), so they are refused at once (refuseServed), where two builds only wait for each
 * other (output-lock.ts). The claim names this process and `command`; it goes when the process
 * exits, and one whose process is gone (killed) is taken over.
 */
export function claimServing(outDir: string, command: string): void {
  const file = servingFile(outDir);
  for (;;) {
    const holder = tryLock(file, `${process.pid}\n${command}\n`);
    if (holder === "taken") {
      process.once("exit", () => release(file));
      // Ctrl-C or a kill: Node's own ending skips "exit", so the claim is let go here, then it ends.
      for (const [signal, code] of [
        ["SIGINT", 130],
        ["SIGTERM", 143],
      ] as const)
        process.once(signal, () => {
          release(file);
          process.exit(code);
        });
      return;
    }
    if (holder === undefined) continue; // given back in between
    // Our own id on a claim we never made: a dead server's, whose id this process was given again.
    if (holder !== process.pid && isAlive(holder)) throw refusal(outDir, file, holder);
    breakLock(file, holder);
  }
}

/** Refuses to write a folder that another running command serves (claimServing). */
export function refuseServed(outDir: string): void {
  const file = servingFile(outDir);
  const holder = holderOf(file);
  if (holder === undefined || holder === process.pid || !isAlive(holder)) return;
  throw refusal(outDir, file, holder);
}

function refusal(outDir: string, file: string, holder: number): Error {
  // The claim's file could be anyone's: its command is shown as one short line.
  const command = oneLine(lockText(file)?.split("\n")[1]?.trim().slice(0, 40) ?? "") || "another command";
  const message = `${outDir} is served by ${command} (process ${holder}); writing it now would change the site under that server. Stop ${command} first, or write elsewhere with --out DIR (npm run dev keeps a folder of its own). If no such process runs, remove ${file}.`;
  return Object.assign(new Error(message), { code: "ESERVED" });
}

function release(file: string): void {
  try {
    if (holderOf(file) === process.pid) unlinkSync(file);
  } catch {
    // Gone already, or no longer a plain file: nothing of ours to remove.
  }
}
