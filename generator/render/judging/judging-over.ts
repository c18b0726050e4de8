import type { Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { text } from "../shared/parts.ts";
import { pageNav } from "../pages/list-pages.ts";
import { PAGE_WORDS, sheetPath, type JudgePage, type JudgeSheet } from "./judge-page.ts";

/**
 * The judging pages of an archived edition (`model.phase.archived`): its judging is over whatever
 * the reader's clock says, so they say so and lead to the winners when it gave any, and list each
 * judge's projects read-only. No score form, no judging.js (which keeps and exports scores), no
 * note to organisers: the addresses judges were given keep working, and nothing takes a score.
 */
export function judgingOverNotice(model: Model, local: (url: string) => string): Html {
  const over = html`Judging at ${text(model.event.name)} is over`;
  return model.event.awards.length
    ? html`<p class="notice">${over}: <a href="${local("")}#winners">see the winners</a>.</p>\n`
    : html`<p class="notice">${over}; its pages no longer take scores.</p>\n`;
}

/** The archived edition's judging index: each judge and the projects they were given, no names to pick. */
export function judgingOverIndex(
  model: Model,
  pages: readonly JudgePage[],
  local: (url: string) => string,
): Html {
  const judges = model.event.judges;
  return html`<h1>Judging</h1>
${judgingOverNotice(model, local)}${
    judges.length
      ? html`<p class="lede">The projects each judge was given:</p>
<ul class="judge-names">
${pages.map((page, i) => html`<li><a href="${local(page.path)}">${text(page.name)}</a> <span class="note">${judges[i]!.affiliation ? html`${text(judges[i]!.affiliation!)} · ` : ""}${page.projects.length} ${page.projects.length === 1 ? "project" : "projects"}</span></li>\n`)}</ul>
`
      : html`<p class="lede">This edition listed no judges.</p>\n`
  }`;
}

/** One page of a judge's projects in an archived edition: the same items as when judging, to read. */
export function judgeOverBody(
  model: Model,
  sheet: JudgeSheet,
  items: readonly Html[],
  local: (url: string) => string,
): Html {
  const { judge, n, count, offset } = sheet;
  const total = judge.projects.length;
  return html`<p class="note"><a href="${local("judging/")}">← Judging</a></p>
<h1>Judging: ${text(judge.name)}</h1>
${judgingOverNotice(model, local)}<p class="lede">${total === 0 ? "This judge was given no projects." : html`The ${total === 1 ? "project" : html`${total} projects`} this judge was given to judge.`}</p>
${count > 1 ? html`<p class="note">Page ${n} of ${count}: projects ${offset + 1}–${offset + items.length} of ${total}.</p>\n` : ""}<ol class="judge-projects"${offset ? html` start="${offset + 1}"` : ""}>
${items}</ol>
${count > 1 ? html`${pageNav((k) => sheetPath(sheet, k), n, count, local, PAGE_WORDS)}\n` : ""}`;
}
