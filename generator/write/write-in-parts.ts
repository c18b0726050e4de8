import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";

/**
 * Parts are written (and compared) gathered into pieces of about this many characters: one write
 * and one read per entry of a list was 20,000 system calls for the API's project list (10,000
 * entries, 22 MB), 30–60 ms of each `npm run dev` save.
 */
const PIECE = 1 << 16;

/**
 * Writes `parts` to `file` as they come, so the whole text never exists at once, and compares them
 * with the bytes of `previous` (the file it would replace) at the same places: the bytes written,
 * and whether they are the previous file's exactly.
 */
export function writeInParts(
  file: string,
  parts: Iterable<string>,
  previous: string | undefined,
): { bytes: number; same: boolean } {
  const old = previous === undefined ? undefined : openIfFile(previous);
  const fd = openSync(file, "w");
  let [offset, same] = [0, old !== undefined];
  let piece = "";
  const flush = () => {
    const bytes = Buffer.from(piece);
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
    same &&= bytesAt(old!, offset, bytes.length).equals(bytes);
    offset += bytes.length;
    piece = "";
  };
  try {
    for (const part of parts) {
      piece += part;
      if (piece.length >= PIECE) flush();
    }
    flush();
    same &&= fstatSync(old!).size === offset;
  } finally {
    closeSync(fd);
    if (old !== undefined) closeSync(old);
  }
  return { bytes: offset, same };
}

/** The file open for reading, if it is one. */
function openIfFile(file: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  return undefined;
}

/** `length` bytes of the open file `fd` from `offset`; fewer where it ends. */
function bytesAt(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  // A read may return fewer bytes than asked before the end; only 0 means the end.
  for (let got = -1; read < length && got !== 0; read += got)
    got = readSync(fd, buffer, read, length - read, offset + read);
  return buffer.subarray(0, read);
}
