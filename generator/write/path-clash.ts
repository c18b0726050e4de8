import { WriteError } from "./write-error.ts";

/** One claim on a site path: what claims it, and the file it is copied from when it is one. */
export interface Claimant {
  path: string;
  what: string;
  source?: string;
}

/**
 * A site path the writer cannot write (path-claims.ts): `outside` the folder, claimed `twice`, or a
 * file that another claimant needs as its `folder`. The claimants, earlier first, let Validate say
 * which records or files clash (clash-diagnostic.ts); the message is the writer's own.
 */
export class PathClash extends WriteError {
  constructor(
    readonly reason: "outside" | "twice" | "folder",
    readonly claimants: readonly Claimant[],
    message: string,
  ) {
    super(message);
  }
}
