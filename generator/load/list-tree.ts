import { readdirSync, type Dirent } from "node:fs";
import { relative, sep } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/** A name in `folder` (absolute) that is not UTF-8: its bytes, as the file system holds them. */
export interface UnreadableName {
  folder: string;
  name: Buffer;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The entries of one folder, their names as text, and the names that are not UTF-8, as bytes. Node
 * reads a name as UTF-8 with each bad byte turned into U+FFFD, a name no file has: opening it fails
 * with ENOENT (a Publish stopped so on an image's name), and a folder so named stops a recursive
 * readdir. Only a folder with a U+FFFD in a name is read again as bytes, to tell a name that holds
 * that character from one that cannot be read: reading 20,000 names as bytes and decoding each
 * cost a build 6-10 ms.
 */
export function namesIn(folder: string): { entries: Dirent[]; unreadable: UnreadableName[] } {
  const entries = readdirSync(folder, { withFileTypes: true });
  if (!entries.some((entry) => entry.name.includes("\uFFFD"))) return { entries, unreadable: [] };
  const readable: Dirent[] = [];
  const unreadable: UnreadableName[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, encoding: "buffer" })) {
    let name: string;
    try {
      name = utf8.decode(entry.name);
    } catch {
      unreadable.push({ folder, name: entry.name });
      continue;
    }
    // The entry as readdir gives it with text names: its name is a plain property of a Dirent.
    (entry as unknown as { name: string }).name = name;
    readable.push(entry as unknown as Dirent);
  }
  return { entries: readable, unreadable };
}

/**
 * Every entry under `folder`, as `readdir(folder, { recursive: true, withFileTypes: true })` gives
 * them (each with its parentPath), read folder by folder as bytes (namesIn); a name that is not
 * UTF-8 is listed as unreadable and, a folder, not entered. Links are not followed.
 */
export function listTree(folder: string): { entries: Dirent[]; unreadable: UnreadableName[] } {
  const entries: Dirent[] = [];
  const unreadable: UnreadableName[] = [];
  const folders = [folder];
  for (let at = 0; at < folders.length; at++) {
    const listed = namesIn(folders[at]!);
    unreadable.push(...listed.unreadable);
    for (const entry of listed.entries) {
      entries.push(entry);
      if (entry.isDirectory()) folders.push(`${entry.parentPath}${sep}${entry.name}`);
    }
  }
  return { entries, unreadable };
}

/** A name's bytes as text anyone can read back: printable ASCII as it is, every other byte `\xHH`. */
export function escapedName(name: Buffer): string {
  let text = "";
  for (const byte of name)
    text +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return text;
}

/** The build's error for a name that is not UTF-8, at its folder (relative to `root`). */
export function unreadableNameDiagnostic(root: string, { folder, name }: UnreadableName): Diagnostic {
  const where = relative(root, folder).split(sep).join("/") || ".";
  const shown = escapedName(name);
  return {
    file: where,
    line: 1,
    column: 1,
    severity: "error",
    rule: "file-name-encoding",
    message: `${where}/ holds a file whose name is not UTF-8: "${shown}" (bytes that are not text shown as \\xHH); the build cannot read it or publish it under a URL`,
    expected: "a file name in UTF-8, as git, GitHub and browsers read names",
    found: `"${shown}"`,
    fix: `Rename ${where}/${shown} to a name of letters, digits and dashes (for example: git mv with the name typed as it shows in ls).`,
  };
}

/** A tree holding names that are not UTF-8, found where it is read (folder-key.ts): the build's errors. */
export class UnreadableNames extends Error {
  constructor(readonly names: readonly UnreadableName[]) {
    super(
      `file names that are not UTF-8: ${names.map((n) => `${n.folder}${sep}${escapedName(n.name)}`).join(", ")}; rename them`,
    );
  }
}
