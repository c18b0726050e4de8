import { hash, randomBytes } from "node:crypto";
import {
  closeSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { generatorKey } from "../cache/record-cache.ts";
import type { FromView } from "../render/shared/document.ts";
import { PathClaims, type PathState } from "./path-claims.ts";
import { WriteError } from "./write-error.ts";
import { writeInParts } from "./write-in-parts.ts";

/** What the manifest keeps of a file: the key of the view it was rendered from, and its size and time. */
export type ManifestEntry = [key: string, size: number, mtimeMs: number];
type Entry = ManifestEntry;

interface ManifestFile {
  /** Which save wrote it, first in the file: OwnManifests knows its own by it, not by inode and time alone. */
  saved: string;
  format: 1;
  /** The generator's code (the bundles, or the sources, and the locked dependencies). */
  code: string;
  /** The output folder the files are in (`dev:ino`): a folder replaced whole is another one. */
  folder: string;
  files: Record<string, Entry>;
}

let code: string | undefined;

/**
 * Each object of a view hashed once: an entry is in its page's view and its JSON's, and under
 * `npm run dev` an unchanged record's entry is the same object from build to build (published-entry.ts).
 * Views are never changed once made, so an object's hash holds for as long as it lives.
 */
const digests = new WeakMap<object, string>();

/**
 * Which files of the output folder were rendered from which view, kept beside the folder
 * (`.dist.manifest.json`, like its lock) by the writer that wrote them. A document rendered from a
 * view (document.ts) whose key (its path, its view and the generator's code) equals the one recorded
 * for its file, and whose file still has the size and time recorded, is not rendered again: the file
 * holds what rendering would give. An update removes the manifest before it moves any file and writes
 * it again once every file is in place, so a manifest never describes files it did not see written.
 */
export class PageManifest {
  /** Entries this build recorded (kept or new), each in its path's state (path-claims.ts). */
  private entries = 0;

  /**
   * `previous`: the manifest file's entries; none when the manifest is one this process saved
   * (OwnManifests), whose entries are in the paths' states (`claims`), as are this build's.
   */
  private constructor(
    private readonly target: string,
    private readonly claims: PathClaims,
    private readonly previous: ReadonlyMap<string, Entry> | undefined,
    private readonly own?: OwnManifests,
  ) {}

  static file(target: string): string {
    return join(dirname(target), `.${basename(target)}.manifest.json`);
  }

  /**
   * The manifest of `target` (a folder an earlier build wrote, holding `files`), or an empty one if
   * it has none for it. With `own`, one this process saved is taken from memory, not read.
   */
  static read(target: string, claims: PathClaims, own?: OwnManifests): PageManifest {
    code ??= generatorKey();
    if (own?.recall(target)) return new PageManifest(target, claims, undefined, own);
    try {
      const found = JSON.parse(readFileSync(PageManifest.file(target), "utf8")) as ManifestFile;
      const valid = found.format === 1 && found.code === code && found.folder === folderId(target);
      const files = valid && isRecord(found.files) ? Object.entries(found.files) : [];
      return new PageManifest(target, claims, new Map(files), own);
    } catch {
      return new PageManifest(target, claims, new Map(), own);
    }
  }

  /** The key of a document made from a view: what must be equal for its file to be kept. */
  key(output: FromView, state: PathState): string {
    if (!this.own) return this.hashKey(output);
    const members = Object.values(output.view);
    const known = state.members;
    // The same members: the last build's key holds, not one made anew for each of 42,000 files.
    if (known?.length === members.length && known.every((m, i) => m === members[i])) return state.key!;
    state.members = members;
    return (state.key = this.hashKey(output));
  }

  private hashKey(output: FromView): string {
    let text = output.path;
    for (const name in output.view) {
      const value = (output.view as Record<string, unknown>)[name];
      text += `\0${name}\0${typeof value === "object" && value ? this.digest(value) : plain(value)}`;
    }
    return hash("sha256", text, "base64");
  }

  /**
   * The size of the file at `path` if it was rendered from the view with `key` and is still as
   * written (its size and time); undefined if it must be rendered.
   */
  reuse(path: string, key: string, state: PathState): number | undefined {
    const entry = this.previous ? this.previous.get(path) : state.entry;
    if (!Array.isArray(entry) || entry[0] !== key) return undefined;
    if (!this.previous) {
      // This process wrote the folder as its manifest says and no build has written it since:
      // whether the file is still there is checked (the folder's listing), its bytes are trusted.
      if (state.listed !== this.claims.build) return undefined;
    } else {
      const found = statSync(join(this.target, path), { throwIfNoEntry: false });
      if (!found?.isFile() || found.size !== entry[1] || found.mtimeMs !== entry[2]) return undefined;
    }
    state.fresh = entry;
    this.entries++;
    return entry[1];
  }

  /** A manifest that knows no file yet, for a folder built whole. */
  static empty(target: string, claims: PathClaims, own?: OwnManifests): PageManifest {
    code ??= generatorKey();
    return new PageManifest(target, claims, new Map(), own);
  }

  /** Records that the file of `state` (as `found`) holds what the view with `key` renders. */
  record(state: PathState, key: string, found: Stats): void {
    state.fresh = [key, found.size, found.mtimeMs];
    this.entries++;
  }

  /** Removes `target`'s manifest, if it has one: until the next `save`, its files may not be what it says. */
  static forget(target: string): void {
    try {
      unlinkSync(PageManifest.file(target));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  /**
   * Writes what this build recorded, once every file is in place (beside, then over the old one).
   * One that cannot be written costs the next build its time, not this build its site.
   */
  save(): void {
    // A site with no document made from a view (a test's) needs none.
    if (this.entries === 0) return;
    const file = PageManifest.file(this.target);
    try {
      const saved = randomBytes(16).toString("hex");
      const manifest: Omit<ManifestFile, "files"> = {
        saved,
        format: 1,
        code: code!,
        folder: folderId(this.target),
      };
      // The ManifestFile as JSON, its files from each entry's text (below), not 42,000 made again,
      // each written as it is (write-in-parts.ts), not joined into 3 MB of text first (20 ms a save).
      const { paths, build } = this.claims;
      function* text() {
        yield `${JSON.stringify(manifest).slice(0, -1)},"files":{`;
        let first = true;
        for (const [path, { claimed, fresh }] of paths) {
          if (claimed !== build || fresh === undefined) continue;
          if (!first) yield ",";
          first = false;
          yield entryText(path, fresh);
        }
        yield "}}";
      }
      writeInParts(`${file}.${process.pid}.tmp`, text(), undefined);
      renameSync(`${file}.${process.pid}.tmp`, file);
      if (!this.own) return;
      // The saved manifest's entries are this build's from here on; paths no build claims go.
      for (const [path, state] of paths)
        if (state.claimed === build) state.entry = state.fresh;
        else paths.delete(path);
      this.own.remember(this.target, saved);
    } catch {
      PageManifest.forget(this.target);
    }
  }

  private digest(value: object): string {
    let digest = digests.get(value);
    if (digest === undefined) {
      digest = hash("sha256", JSON.stringify(value, plainOnly), "base64");
      digests.set(value, digest);
    }
    return digest;
  }
}

/**
 * The manifests this process saved, held by `npm run dev` from one save's build to the next: while
 * a folder's manifest file is still the one saved (same file, size and time, in the same folder,
 * and beginning with the save's random mark),
 * no other build has written the folder (each removes the manifest before it moves a file, and
 * writes its own after), so the next build takes the manifest from memory and skips the `stat` of
 * each of its 40,000 files (0.25 s). A file of the folder edited by hand meanwhile is not seen
 * until its page changes or dev starts again; one removed is seen. `npm run build` never trusts so.
 */
export class OwnManifests {
  /**
   * Each path's state from build to build: its view's members and key as last hashed (members are
   * never changed once made, so the same ones have the same key, not hashed again: 80 ms of a save
   * at 10,000 + 10,000), and its entry in the manifest saved last.
   */
  readonly claims = new PathClaims();
  /** The folder whose manifest this process saved last (the paths' entries are its), and its mark. */
  private saved: { target: string; stamp: string; head: string } | undefined;

  /** Whether `target`'s manifest file is still the one this process saved last: its entries are the paths'. */
  recall(target: string): boolean {
    const kept = this.saved;
    if (kept?.target !== target || kept.stamp !== stampOf(target)) return false;
    // Inode, size and time can all repeat (a freed inode reused, a disk with 1 or 2 s times): the
    // save's own random mark, the file's first bytes, is read too.
    return headOf(PageManifest.file(target), kept.head.length) === kept.head;
  }

  /** Keeps the mark of the save `saved`, which wrote `target`'s manifest from the paths' entries. */
  remember(target: string, saved: string): void {
    const stamp = stampOf(target);
    this.saved =
      stamp === undefined ? undefined : { target, stamp, head: `{"saved":${JSON.stringify(saved)},` };
  }
}

/**
 * Each entry's text in the manifest file, `"path":[key,size,time]`, kept with the entry: a file
 * kept from one build to the next keeps its entry, the same array (`reuse`), so `npm run dev`
 * writes its manifest without making JSON of every entry each save (50 ms at 42,000 files).
 */
const entryTexts = new WeakMap<Entry, string>();

function entryText(path: string, entry: Entry): string {
  let text = entryTexts.get(entry);
  if (text === undefined) entryTexts.set(entry, (text = `${JSON.stringify(path)}:${JSON.stringify(entry)}`));
  return text;
}

/** The first `length` bytes of `file` as text; "" if it cannot be read. */
function headOf(file: string, length: number): string {
  try {
    const fd = openSync(file, "r");
    try {
      const bytes = Buffer.alloc(length);
      return bytes.toString("utf8", 0, readSync(fd, bytes, 0, length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return "";
  }
}

/** The manifest file of `target` and the folder, as `stat` tells them; undefined if either is missing. */
function stampOf(target: string): string | undefined {
  const file = statSync(PageManifest.file(target), { throwIfNoEntry: false });
  const folder = statSync(target, { throwIfNoEntry: false });
  if (!file || !folder) return undefined;
  return [file.dev, file.ino, file.size, file.mtimeMs, folder.dev, folder.ino].join(":");
}

const folderId = (folder: string): string => {
  const found = statSync(folder);
  return `${found.dev}:${found.ino}`;
};

const isRecord = (value: unknown): value is Record<string, Entry> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A view's value as text; `undefined` is a value of its own (JSON would drop it). */
const plain = (value: unknown): string => (value === undefined ? "\u0001undefined" : JSON.stringify(value));

/**
 * A view is plain data: objects, arrays, strings, numbers, booleans and null. A Map, a Set or a
 * class instance would hash as `{}` whatever it holds, so a change to it would be missed.
 */
function plainOnly(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === "function" || typeof value === "bigint" || typeof value === "symbol")
    throw new WriteError(
      `a document's view holds a ${typeof value} at ${JSON.stringify(key)}: views are plain data`,
    );
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null)
      throw new WriteError(
        `a document's view holds a ${value.constructor?.name ?? "class instance"} at ${JSON.stringify(key)}: views are plain data`,
      );
  }
  return value;
}
