import { gitOutput } from "./git-output.ts";

/** A plain file's index entry (`-s -v`), with no flag: the entries that can give a key. */
const FILE = /^H 100(644|755) /;

/**
 * `git ls-files -s -v --debug -z`: each entry (`H 100644 <oid> 0\t<path>\0`) followed by five lines
 * of the stat data git keeps for it, the last `  size: <bytes>\tflags: <hex>\n`. The entries, and
 * the size the index holds for each (undefined where the text is not that shape).
 */
export function readDebugListing(text: string): { entries: string[]; sizes: number[] } | undefined {
  const entries: string[] = [];
  const sizes: number[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\0", at);
    if (end === -1) return undefined;
    entries.push(text.slice(at, end));
    // Five lines, counted from the entry's end: a path may hold a line break, stat data does not.
    let line = end;
    for (let n = 0; n < 5 && line !== -1; n++) line = text.indexOf("\n", line + 1);
    if (line === -1) return undefined;
    const size = /\n {2}size: (\d+)\tflags: [0-9a-f]+$/.exec(text.slice(end + 1, line));
    if (!size) return undefined;
    sizes.push(Number(size[1]));
    at = line + 1;
  }
  return { entries, sizes };
}

/**
 * The paths of plain files whose size in the index (the work tree's, when the index was last
 * refreshed) is not their blob's; undefined when git could not say. `git status` compares a file's
 * stat data with the index and reads it only when they differ (then under the conversion rules of
 * now, which give no key unless they convert nothing): a file checked out under rules changed since
 * (a `.gitattributes` converting at checkout, removed by a later commit; `core.autocrlf` unset)
 * keeps its converted bytes and its stat data, and is called clean. Its size tells: a line-ending
 * conversion, `ident` or a re-encoding changes the length of what it converts.
 */
export async function resizedPaths(
  root: string,
  entries: readonly string[],
  sizes: readonly number[],
): Promise<string[] | undefined> {
  const files: number[] = [];
  let oids = "";
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!FILE.test(entry)) continue;
    files.push(i);
    // `H 100644 ` is nine characters: the blob id runs to the next space.
    oids += `${entry.slice(9, entry.indexOf(" ", 9))}\n`;
  }
  if (!files.length) return [];
  // --buffer: the answers in one write, not a flush each (20,000 reads of ours, 40 ms of CPU).
  const answer = await gitOutput(root, ["cat-file", "--batch-check=%(objectsize)", "--buffer"], [0], oids);
  const blobSizes = answer?.split("\n") ?? [];
  if (blobSizes.length !== files.length + 1) return undefined;
  const resized: string[] = [];
  for (const [n, i] of files.entries()) {
    const blob = blobSizes[n]!;
    // `<oid> missing`: a blob git cannot find vouches for nothing.
    if (!/^\d+$/.test(blob)) return undefined;
    if (Number(blob) !== sizes[i]) resized.push(entries[i]!.slice(entries[i]!.indexOf("\t") + 1));
  }
  return resized;
}
