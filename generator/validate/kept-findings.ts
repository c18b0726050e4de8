import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";

const NONE: readonly Diagnostic[] = Object.freeze([]);

/**
 * A cross-record rule's findings for each record, kept with the record while all else the rule
 * reads of the event (`given`: text, or an object never changed once made) is the same. Under
 * `npm run dev` a save hands every unchanged record on as the same object (build-memory.ts), so a
 * rule that walked 20,000 records each save looks up what it found in each instead (a dozen such
 * walks were 0.17 s of a save). A rule's `find` must read nothing of other records.
 */
export class KeptFindings {
  private given: unknown = NONE;
  private found = new WeakMap<RecordFile, readonly Diagnostic[]>();

  /** Begins a rule's run over the records with what else it reads this time. */
  with(given: unknown): this {
    if (given !== this.given) [this.given, this.found] = [given, new WeakMap()];
    return this;
  }

  /** What `find` finds in `record`, or what it found last time for the same record and `given`. */
  of(record: RecordFile, find: (found: Diagnostic[]) => void): readonly Diagnostic[] {
    let known = this.found.get(record);
    if (known === undefined) {
      const found: Diagnostic[] = [];
      find(found);
      known = found.length ? found : NONE;
      this.found.set(record, known);
    }
    return known;
  }
}
