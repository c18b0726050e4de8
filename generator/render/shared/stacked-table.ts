import { html, type Html } from "./html.ts";
import { scrollable } from "./parts.ts";

/** A table of rows named by their first cell, each later cell in the column named `columns[i]`. */
export interface StackedTable {
  /** The region's name, and the caption when `caption` is set. */
  label: string;
  caption?: Html;
  columns: readonly string[];
  /** Each row: its header cell, then one cell per later column. */
  rows: ReadonlyArray<readonly [Html | string, ...Array<Html | string>]>;
}

/**
 * A table that reads on a phone: on a narrow screen each row stacks into a block, every cell
 * under its column's name (the `data-label` site.css shows), so no column is hidden past the
 * edge of a region that scrolls; on a wide one it is an ordinary table.
 */
export function stackedTable({ label, caption, columns, rows }: StackedTable): Html {
  return scrollable(
    label,
    html`<table class="stacked">
${caption ? html`<caption>${caption}</caption>\n` : ""}<thead><tr>${columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
<tbody>
${rows.map(([head, ...cells]) => html`<tr><th scope="row">${head}</th>${cells.map((cell, i) => html`<td data-label="${columns[i + 1]}">${cell}</td>`)}</tr>\n`)}</tbody>
</table>`,
  );
}
