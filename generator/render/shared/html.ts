/**
 * An escaping template tag: every interpolated value is escaped as text unless it is itself a
 * fragment made by `html` or passed through the explicit `raw()`. Arrays are joined.
 */
export class Html {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
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
