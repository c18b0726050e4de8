import type { ManifestEntry } from "./page-manifest.ts";

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
  /** The build whose listing of the folder found the file. */
  listed: number;
  /** The view's members and key as last hashed: the same members (objects never changed) keep it. */
  members?: unknown[];
  key?: string;
  /** What the manifest last saved says of the file; what this build's will say. */
  entry?: ManifestEntry;
  fresh?: ManifestEntry;
}

/**
 * The paths a build claims, each checked once. A build without memory makes its own; `npm run dev`
 * keeps one from build to build (OwnManifests), so a path claimed before is not checked again (the
 * same text, the same answer) and its view's key and manifest entry are where its claim is.
 */
export class PathClaims {
  readonly paths = new Map<string, PathState>();
  /** The build claiming now: a state claimed by an earlier one is free to claim again. */
  build = 0;

  /** A new build begins: nothing is claimed or listed by it yet. */
  begin(): number {
    return ++this.build;
  }

  /** The state of `path`, claimed by this build as `what`; `check` is asked of a path never seen. */
  claim(
    path: string,
    what: string,
    check: (path: string) => void,
    duplicate: (earlier: string) => never,
  ): PathState {
    let state = this.paths.get(path);
    if (state === undefined) {
      check(path);
      state = { claimed: this.build, what, listed: 0 };
      this.paths.set(path, state);
      return state;
    }
    if (state.claimed === this.build) duplicate(state.what);
    state.claimed = this.build;
    state.what = what;
    state.fresh = undefined;
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
