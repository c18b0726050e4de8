import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";

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
  try {
    for (const part of parts) {
      const bytes = Buffer.from(part);
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
      same &&= bytesAt(old!, offset, bytes.length).equals(bytes);
      offset += bytes.length;
    }
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
