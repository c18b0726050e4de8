/**
 * An escaping template tag: every interpolated value is escaped as text unless it is itself a
 * fragment made by `html` or passed through the explicit `raw()`. Arrays are joined, but a long
 * one (a list page's 10,000 rows) is kept as pieces: see `Html.pieces`.
 */
export class Html {
  private joined: string | undefined;

  /**
   * `pieces`, when set, is the fragment's text in order, never joined unless `value` is read: a
   * list page is written piece by piece, and `npm run dev` compares the pieces of a page with those
   * of its last version, most of them the very row strings it kept (see derive/kept.ts).
   */
  constructor(
    value: string | undefined,
    readonly pieces?: readonly string[],
  ) {
    this.joined = value;
  }

  get value(): string {
    return (this.joined ??= this.pieces!.join(""));
  }

  toString(): string {
    return this.value;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

/** From this many items on, an interpolated list is kept as pieces instead of joined. */
const PIECES_FROM = 64;

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  let pieces: string[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value instanceof Html && value.pieces) {
      // A fragment in pieces: its first and last pieces join the text around it.
      const inner = value.pieces;
      pieces ??= [];
      pieces.push(out + inner[0]!);
      for (let p = 1; p < inner.length - 1; p++) pieces.push(inner[p]!);
      out = inner[inner.length - 1]! + strings[i + 1]!;
    } else if (Array.isArray(value) && value.length >= PIECES_FROM) {
      pieces ??= [];
      pieces.push(out);
      for (const item of value) pieces.push(render(item));
      out = strings[i + 1]!;
    } else out += render(value) + strings[i + 1]!;
  }
  if (!pieces) return new Html(out);
  pieces.push(out);
  return new Html(undefined, pieces);
}

/**
 * `fragment`, its text made flat. A string built with `+=` is a tree of its pieces, and V8 walks the
 * whole tree again each time it is copied: a list page joining 10,000 kept rows took 17 ms with
 * trees and 2 ms with flat rows. V8 flattens a string in place the first time a character is read.
 * For fragments kept and reused (see derive/kept.ts); a fragment written once is copied once anyway.
 */
export function flat(fragment: Html): Html {
  fragment.value.charCodeAt(0);
  return fragment;
}

/** Inserts trusted HTML without escaping. Never pass record text here. */
export function raw(trusted: string): Html {
  return new Html(trusted);
}

function render(value: Value): string {
  if (value instanceof Html) return value.value;
  // A join makes one flat string; adding up thousands of rows would make a rope, slow to write.
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

export function escapeHtml(text: string): string {
  // Most text has nothing to escape; a test is far cheaper than a replace that finds nothing.
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}
