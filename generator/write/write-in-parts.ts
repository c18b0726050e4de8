import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";

/**
 * Parts are encoded straight into one buffer of this many bytes and written (and compared) a
 * buffer at a time: one write and one read per entry of a list was 20,000 system calls for the
 * API's project list (10,000 entries, 22 MB), and joining parts into a string first made a rope
 * that Buffer.from flattened and copied again (150 ms of each `npm run dev` save at 10,000 +
 * 10,000, where encoding each part into the buffer takes a fifth of it).
 */
const BUFFER_BYTES = 3 << 16;
const buffer = Buffer.allocUnsafe(BUFFER_BYTES);

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
  let [offset, same, used] = [0, old !== undefined, 0];
  const flush = (bytes: Buffer) => {
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
    same &&= bytesAt(old!, offset, bytes.length).equals(bytes);
    offset += bytes.length;
  };
  try {
    for (const part of parts) {
      // A UTF-16 code unit is at most 3 bytes of UTF-8, so a part that fits that way fits whole.
      if (used + part.length * 3 > BUFFER_BYTES) {
        flush(buffer.subarray(0, used));
        used = 0;
      }
      if (part.length * 3 > BUFFER_BYTES) flush(Buffer.from(part));
      else used += buffer.write(part, used);
    }
    flush(buffer.subarray(0, used));
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
