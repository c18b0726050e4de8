import type { ManifestEntry } from "./page-manifest.ts";
import { PathClash, type Claimant } from "./path-clash.ts";
import { checkPath } from "./check-path.ts";

export { PathClash, type Claimant };

/**
 * What the writer knows of one site path, in one record, so a document costs one lookup: which
 * build claimed it (and as what), whether the folder held it when the build began, its view's
 * members and key (page-manifest.ts), and its entry in the manifest saved last and in this build's.
 * Seven lookups in four maps on each of 42,000 paths were 0.17 s of a save in `npm run dev`.
 */
export interface PathState {
  /** The build that claimed it last, and as what (for a refusal naming both claimants). */
  claimed: number;
  what: string;
  /** The file it is copied from, when it is one (a refusal names it: clash-diagnostic.ts). */
  source?: string;
  /** The folder it is in (none at the site's root), worked out once. */
  folder?: FolderState;
  /** The build whose listing of the folder found the file. */
  listed: number;
  /** The view's members and key as last hashed: the same members (objects never changed) keep it. */
  members?: unknown[];
  key?: string;
  /** What the manifest last saved says of the file; what this build's will say. */
  entry?: ManifestEntry;
  fresh?: ManifestEntry;
}

/** A folder the claimed paths need, and the first path of the build that needed it. */
interface FolderState {
  path: string;
  parent?: FolderState;
  needed: number;
  /** The path that needed it first in the build that needed it last. */
  by?: string;
}

/** What the writer calls its own marker when it claims it (site-files.ts, check-site.ts). */
export const MARKER_CLAIM = "the build's marker";
/** What a rendered document is claimed as, by both (clash-diagnostic.ts tells it from a file). */
export const DOCUMENT_CLAIM = "a rendered document";

/**
 * The paths a build claims, and the one judge of them, for the writer and for Validate's checkSite
 * alike: a path outside the folder (checkPath), two claims on one path, and a file where another
 * path needs a folder (`a` and `a/b`, which the file system cannot hold both of) are each refused
 * with a PathClash naming the claimants. A build without memory makes its own; `npm run dev`
 * keeps one from build to build (OwnManifests), so a path claimed before is not checked again (the
 * same text, the same answer) and its view's key and manifest entry are where its claim is.
 */
export class PathClaims {
  readonly paths = new Map<string, PathState>();
  /** Every folder a claimed path needed, by path; kept, as PathStates point at them. */
  private readonly folders = new Map<string, FolderState>();
  /** The build claiming now: a state claimed by an earlier one is free to claim again. */
  build = 0;

  /** A new build begins: nothing is claimed or listed by it yet. */
  begin(): number {
    return ++this.build;
  }

  /** The state of `path`, claimed by this build as `what` (copied from `source`, a file). */
  claim(path: string, what: string, source?: string): PathState {
    // The claimant is made into an object for a refusal only: the 42,000 claims of a save make none.
    const claimant = (): Claimant => (source === undefined ? { path, what } : { path, what, source });
    let state = this.paths.get(path);
    if (state === undefined) {
      try {
        checkPath(path);
      } catch (error) {
        throw new PathClash("outside", [claimant()], (error as Error).message);
      }
      state = { claimed: 0, what, listed: 0 };
      const cut = path.lastIndexOf("/");
      if (cut !== -1) state.folder = this.folder(path.slice(0, cut));
      this.paths.set(path, state);
    } else if (state.claimed === this.build) {
      const message = `two documents claim ${path}: ${state.what} and ${what}`;
      throw new PathClash("twice", [this.claimant(path), claimant()], message);
    }
    this.needFolders(state.folder, path, claimant);
    // A folder this build's paths need cannot be a file too.
    const folder = this.folders.get(path);
    if (folder?.needed === this.build) this.fileAndFolder(claimant(), this.claimant(folder.by!));
    state.claimed = this.build;
    state.what = what;
    state.source = source;
    state.fresh = undefined;
    return state;
  }

  /**
   * Marks `folder` and the folders above it as needed by this build (by `path`), refusing one that
   * this build claimed as a file. Walked upward, it stops at the first one marked already: the
   * folders above it were marked (and checked) with it, and a file claimed there later finds its mark.
   */
  private needFolders(folder: FolderState | undefined, path: string, claimant: () => Claimant): void {
    for (let at = folder; at !== undefined && at.needed !== this.build; at = at.parent) {
      if (this.paths.get(at.path)?.claimed === this.build)
        this.fileAndFolder(this.claimant(at.path), claimant());
      at.needed = this.build;
      at.by = path;
    }
  }

  /** The claimant of `path` in this build, as its state says. */
  private claimant(path: string): Claimant {
    const { what, source } = this.paths.get(path)!;
    return source === undefined ? { path, what } : { path, what, source };
  }

  private fileAndFolder(file: Claimant, inside: Claimant): never {
    throw new PathClash(
      "folder",
      [file, inside],
      `${file.path} is a file (${file.what}) and the folder of ${inside.path} (${inside.what})`,
    );
  }

  /** The state of a folder, made once, with the folders above it. */
  private folder(path: string): FolderState {
    let state = this.folders.get(path);
    if (state === undefined) {
      const cut = path.lastIndexOf("/");
      state = { path, needed: 0, ...(cut === -1 ? {} : { parent: this.folder(path.slice(0, cut)) }) };
      this.folders.set(path, state);
    }
    return state;
  }

  /** Marks the files a folder holds as listed by this build; each one's state, if it has one. */
  list(files: readonly string[]): Array<PathState | undefined> {
    return files.map((file) => {
      const state = this.paths.get(file);
      if (state) state.listed = this.build;
      return state;
    });
  }

  /** Whether this build claimed `path` (`known`: its state as listed, if it had one then). */
  claimedNow(path: string, known: PathState | undefined): boolean {
    return (known ?? this.paths.get(path))?.claimed === this.build;
  }

  /** Lets go of the paths this build did not claim: files no document writes any more. */
  forgetUnclaimed(): void {
    for (const [path, state] of this.paths) if (state.claimed !== this.build) this.paths.delete(path);
  }
}
