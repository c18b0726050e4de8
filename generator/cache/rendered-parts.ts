import { CacheFile, keyOf } from "./cache-file.ts";

const FILE = "parts.cache";
const HEADER = "hackathon-registry rendered parts, format 1\n";

/** What a renderer asks of the kept parts: the text `make` gives for these inputs, made once. */
export interface KeptParts {
  text(name: string, inputs: readonly string[], make: () => string): string;
}

/**
 * Parts of pages made from a record's text (a project's description as HTML), kept between builds
 * beside the record cache (issue 56, the owners' answer to issue 47): Publish renders every page
 * into a new folder, and Markdown was a tenth of its build. A part is kept under the SHA-256 of the
 * generator's code and schemas (the record cache's salt), its name and every input its maker reads
 * (the text, the base URL, the path of the page its relative links are written from), so no input
 * changes without a new key. Read when rendering begins; saved, and let go, when the site is written.
 */
export class RenderedParts implements KeptParts {
  private readonly file: CacheFile;

  constructor(
    dir: string,
    private readonly salt: string,
  ) {
    this.file = new CacheFile(dir, FILE, HEADER);
  }

  get hits(): number {
    return this.file.hits;
  }

  begin(): void {
    this.file.begin();
  }

  /** `make()`'s text, from the file when it holds it for these very inputs. */
  text(name: string, inputs: readonly string[], make: () => string): string {
    const key = keyOf(this.salt, [name, ...inputs]);
    const kept = this.file.get(key, readText);
    if (kept !== undefined) return kept;
    const made = make();
    this.file.set(key, JSON.stringify(made));
    return made;
  }

  /** Adds the parts made at the end of the file (or writes it anew: cache-file.ts), and lets them go. */
  save(): void {
    this.file.save();
  }
}

function readText(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
