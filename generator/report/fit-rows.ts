/**
 * How much of a list a Markdown section may show. GitHub refuses a comment over 65,536 characters
 * and a step summary over 1 MiB, and a refused comment leaves the pull request with no answer.
 */
export interface Budget {
  rows: number;
  chars: number;
}

/** The leading rows that fit the budget (each counted with its newline), and how many were left. */
export function fitRows(rows: readonly string[], budget: Budget): { kept: string[]; left: number } {
  const kept: string[] = [];
  let chars = 0;
  for (const row of rows) {
    chars += row.length + 1;
    if (kept.length >= budget.rows || chars > budget.chars) break;
    kept.push(row);
  }
  return { kept, left: rows.length - kept.length };
}

const CLOSE = "\n</details>";

/**
 * The text cut at a line boundary so that it and `ending` fit in `max` characters, closing a
 * `<details>` the cut leaves open (sections never nest them); the text itself when it fits.
 */
export function capText(text: string, max: number, ending: string): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - ending.length - CLOSE.length - 2));
  const kept = cut.slice(0, Math.max(0, cut.lastIndexOf("\n")));
  const open = kept.lastIndexOf("<details>") > kept.lastIndexOf("</details>");
  return `${kept}${open ? CLOSE : ""}\n\n${ending}`;
}
