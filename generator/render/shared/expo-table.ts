import type { ProjectEntry, ProjectTable } from "../../derive/model.ts";
import { html, type Html } from "./html.ts";

/** Where a project demos, as people read it: `Table 12 · Workshop`, or the organiser's own text. */
export function tablePlace(table: ProjectTable): string {
  return table.area ? `${table.label} · ${table.area.name}` : table.label;
}

/** A demo's needs in words: `power and a large space`. */
export function needsText(needs: ProjectEntry["needs"]): string {
  return needs.map((n) => (n === "large" ? "a large space" : n)).join(" and ");
}

/** The project's place at the expo and its demo's needs, as facts of its page; none without them. */
export function tableFacts(p: Pick<ProjectEntry, "table" | "needs">): Html {
  return html`${p.table ? html`<dt>Expo table</dt><dd dir="auto">${tablePlace(p.table)}</dd>\n` : ""}${p.needs.length ? html`<dt>Demo needs</dt><dd>${needsText(p.needs)}</dd>\n` : ""}`;
}
