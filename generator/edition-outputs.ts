import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { folderKey } from "./cache/folder-key.ts";
import type { IndexListing } from "./cache/git-index-key.ts";
import { CACHE_DIR, generatorKey } from "./cache/record-cache.ts";
import type { Asset } from "./load/list-assets.ts";
import type { Archived, ArchivedFacts } from "./series.ts";
import { linkOrCopy } from "./write/link-or-copy.ts";
import { checkPath } from "./write/site-files.ts";

const LIST = "kept.json";

/**
 * An archived edition's rendered files, kept between builds beside the record cache (which the
 * Publish workflow restores), with what the rest of the site needs of it (its summary, its paths
 * for the old URLs' redirects, its warnings): an archive does not change, so Publish neither reads
 * its records nor renders its pages again, it copies them (issue 57: one archived edition may add
 * at most 15 % to Publish's build). Kept under the SHA-256 of the generator's code and schemas, the
 * edition's base URL, the repository Actions names, and every file under its folder (path and
 * bytes), so no input changes without a new key; an archived edition's pages read nothing of the
 * other editions but that they are archived. A folder is complete once renamed into place; a
 * failure only costs time.
 */
export class EditionOutputs {
  private constructor(
    private readonly dir: string,
    private readonly salt: string,
    private readonly index: Promise<IndexListing | undefined>,
  ) {}

  /** `index`: what git's index says of `editions/` (git-index-key.ts), started before the build reads. */
  static open(
    root: string,
    salt = generatorKey(),
    index: Promise<IndexListing | undefined> = Promise.resolve(undefined),
  ): EditionOutputs {
    return new EditionOutputs(join(root, CACHE_DIR, "editions"), salt, index);
  }

  /**
   * The key of the edition in `folder` (`editions/<id>`, from `root`) published at `url`: its every
   * file's path and blob id where git's index vouches for them all, else its every file's path and
   * bytes, read.
   */
  async key(
    root: string,
    folder: string,
    url: string,
    env: NodeJS.ProcessEnv = process.env,
  ): Promise<string> {
    const prefix = this.prefix(url, env);
    return (await this.index)?.key(folder, prefix) ?? folderKey(join(root, folder), prefix);
  }

  private prefix(url: string, env: NodeJS.ProcessEnv): string {
    return `${this.salt}\0${url}\0${env.GITHUB_REPOSITORY ?? ""}\0`;
  }

  /**
   * The files kept for this key (to put into the site under `<id>/`, linked where it can) and the
   * edition's facts. The site may hold the kept files as second links (link-or-copy.ts), so one
   * changed in place through the site makes the edition render again rather than publish what the
   * build did not write: its size, or its modification time, is no longer the one kept (`keep`
   * sets it, so a write of the same size shows too).
   */
  kept(id: string, key: string): { files: Asset[]; facts: ArchivedFacts } | undefined {
    const folder = join(this.dir, id, key);
    try {
      const { paths, sizes, mtimeMs, facts } = JSON.parse(readFileSync(join(folder, LIST), "utf8")) as {
        paths: unknown;
        sizes: unknown;
        mtimeMs: unknown;
        facts: ArchivedFacts;
      };
      if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string" && safe(p))) return undefined;
      if (!Array.isArray(sizes) || sizes.length !== paths.length || typeof mtimeMs !== "number")
        return undefined;
      // Its public files are copied from the checkout by these paths (series.ts's seriesAssets).
      const assets: unknown = facts?.assets;
      if (!Array.isArray(assets) || !assets.every((p) => typeof p === "string" && safe(p))) return undefined;
      const files: Asset[] = [];
      // Each path is plain segments (checked above): appended, not joined again 42,000 times.
      const site = `${join(folder, "site")}/`;
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i] as string;
        const source = site + path;
        // A link is never followed: linked into the site, it would stay a link there (link-or-copy.ts),
        // and the Pages package (--dereference) would publish what it points at.
        const found = lstatSync(source);
        const size = found.size;
        if (!found.isFile() || size !== sizes[i] || found.mtimeMs !== mtimeMs) return undefined;
        files.push({ path: `${id}/${path}`, source, kept: { size } });
      }
      return { files, facts };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps the edition's files as the build wrote them into `outDir`, in place of any kept before.
   * Each kept file's modification time is set to one instant, in whole seconds, before the keeping
   * began: a later write in place (through the site's link) gives a file the time of that write,
   * never this one, whatever its size and however soon after (a file system's clock ticks
   * coarsely). `actions/cache` keeps it (GNU tar --posix stores it to the nanosecond); anything
   * that does not makes the edition render again, never publish a changed file.
   */
  keep(id: string, key: string, outDir: string, paths: readonly string[], facts: ArchivedFacts): void {
    const temporary = join(this.dir, id, `.${key}.${process.pid}.tmp`);
    // Whole seconds, which every file system and tool stores and gives back exactly (a Date's
    // milliseconds can come back a nanosecond off).
    const stamp = Math.floor(Date.now() / 1000) - 1;
    try {
      rmSync(temporary, { recursive: true, force: true });
      const links = { off: false };
      let mtimeMs: number | undefined;
      const sizes = paths.map((path) => {
        const to = join(temporary, "site", path);
        mkdirSync(dirname(to), { recursive: true });
        linkOrCopy(join(outDir, id, path), to, links);
        utimesSync(to, stamp, stamp);
        // As the file system stores it (its own precision), the same for every file or none is kept.
        const found = statSync(to);
        mtimeMs ??= found.mtimeMs;
        if (found.mtimeMs !== mtimeMs) throw new Error(`${path}: its time did not hold`);
        return found.size;
      });
      writeFileSync(join(temporary, LIST), JSON.stringify({ paths, sizes, mtimeMs: mtimeMs ?? 0, facts }));
      for (const name of readdirSync(join(this.dir, id)))
        if (name !== key && !name.startsWith("."))
          rmSync(join(this.dir, id, name), { recursive: true, force: true });
      rmSync(join(this.dir, id, key), { recursive: true, force: true });
      renameSync(temporary, join(this.dir, id, key));
    } catch {
      // The next build renders the edition again.
      rmSync(temporary, { recursive: true, force: true });
    }
  }
}

/**
 * What to render and what to copy: `note` is told each path rendered for an archived edition
 * (series.ts), and `save` keeps those once the site is written. Nothing is kept without `outputs`
 * (no record cache, or `npm run dev`, whose pages stay in memory).
 */
export function planArchived(archived: readonly Archived[], outputs: EditionOutputs | undefined) {
  const fresh = archived.filter((a) => a.model && a.key !== undefined);
  const rendered = new Map(fresh.map((a) => [a.id, [] as string[]]));
  return {
    copied: archived.flatMap((a) => a.kept ?? []),
    note: (id: string, path: string) => void rendered.get(id)?.push(path),
    save(outDir: string) {
      for (const { id, key, facts } of fresh) outputs?.keep(id, key!, outDir, rendered.get(id)!, facts);
    },
  };
}

/** A site path as the writer writes them (site-files.ts's checkPath): relative, plain segments, no way up. */
function safe(path: string): boolean {
  try {
    return checkPath(path) === path;
  } catch {
    return false;
  }
}
