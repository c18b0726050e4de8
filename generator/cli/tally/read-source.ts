import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { MAX_SCORE_FILE_BYTES } from "../../judging/score-file.ts";
import type { ScoreSource } from "../../judging/tally-event.ts";

/**
 * A judge's score file as the organiser named it (`file`) at `path`: its text, or why it was not
 * read (no such file, a folder, a pipe or a device, too large), for check-scores.ts to tell.
 */
export async function readSource(file: string, path: string): Promise<ScoreSource> {
  let handle: FileHandle | undefined;
  try {
    // Opened without waiting (a named pipe would wait for a writer) and looked at before it is
    // read: a pipe or a device has no end to read to, and would hang the tally.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stats = await handle.stat();
    const kind = notAFile(stats);
    if (kind)
      return {
        file,
        unreadable: `${kind}, not a file`,
        fix: "Name the judge's score file itself (the .json the judging page exported); save what a pipe or device gives to a file first.",
      };
    // Refused before it is read: a judge's file is a few kilobytes, and a huge one could stall the tally.
    if (stats.size > MAX_SCORE_FILE_BYTES)
      return {
        file,
        unreadable: `a file of ${(stats.size / 1e6).toFixed(1)} MB; a score file may be at most 2 MB, and a judge's is a few KB`,
      };
    return { file, text: await handle.readFile("utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      file,
      unreadable:
        code === "ENOENT"
          ? "no such file"
          : code === "EISDIR"
            ? "a folder"
            : code === "ENXIO"
              ? "a socket, not a file"
              : String(code),
    };
  } finally {
    await handle?.close();
  }
}

/** What a path that is not a regular file is, in the organiser's words; undefined for a file. */
function notAFile(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "something other than a file";
}
