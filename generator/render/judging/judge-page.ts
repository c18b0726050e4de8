import { judgingAssignment } from "../../derive/judging-assignment.ts";
import type { Model, ProjectEntry } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { text } from "../shared/parts.ts";
import { judgingScript } from "../shared/theme.ts";
import { pageNav } from "../pages/list-pages.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { MAX_NOTE, MAX_SCORE_FILE_BYTES, SCORE_FORMAT } from "../../judging/score-file.ts";
import { judgeListPath, judgePagePath, judgePagePaths } from "./judge-paths.ts";

const SLUG_PATTERN = recordSchemas.common.$defs.slug.pattern;
/** Page links say they are pages, not projects: they sit just below the project's Previous and Next. */
export const PAGE_WORDS = { previous: "← Previous page", next: "Next page →" };

/** A judge and their whole list: their name, their first page's path and their projects in order. */
export interface JudgePage {
  name: string;
  /** Its site path, `judging/mei-tanaka.html`. */
  path: string;
  projects: readonly ProjectEntry[];
}

/** Each judge, their first page's path and their projects in the assignment's order. */
export function judgePages(model: Model): JudgePage[] {
  const bySlug = new Map<string, ProjectEntry>(model.projects.map((p) => [p.slug, p]));
  const paths = judgePagePaths(model.event.judges.map((j) => j.name));
  return judgingAssignment(model).judges.map((judge, i) => ({
    name: judge.name,
    path: paths[i]!,
    projects: judge.projects.map((slug) => bySlug.get(slug)!),
  }));
}

/** One page of a judge's list (judge-sheets.ts cuts it): what it shows and where it sits. */
export interface JudgeSheet {
  judge: JudgePage;
  /** 1 for the judge's first page, of `count`. */
  n: number;
  count: number;
  /** The place in the judge's list of the page's first project, from 0. */
  offset: number;
  projects: readonly ProjectEntry[];
  /** The last project of the page before and the first of the page after, if any. */
  before: string | null;
  after: string | null;
}

/** The site path of a sheet, and of its neighbour `n`. */
export const sheetPath = (sheet: JudgeSheet, n = sheet.n): string => judgePagePath(sheet.judge.path, n);

/**
 * One page of a judge's projects in the order to judge them, each with what finds and explains it
 * at the expo (project-item.ts). The score form is one `<template>` that judging.js copies under a
 * project when it is shown; the script never builds markup from record text, which is all escaped
 * here. Scores are kept per judge, not per page, so every page of a judge shows the same progress
 * and exports the same file; the judge's list (judge-lists.ts) tells the script which project is
 * on which page.
 */
export function judgeBody(
  model: Model,
  sheet: JudgeSheet,
  items: readonly Html[],
  local: (url: string) => string,
): Html {
  const { scale } = model.event.judging;
  const criteria = model.event.judgingCriteria;
  const { judge, n, count, offset } = sheet;
  const total = judge.projects.length;
  const shown = items.length;
  const file = `scores-${judge.path.replace(/^judging\/|\.html$/g, "")}.json`;
  const beside = (to: number, slug: string | null) =>
    slug === null ? "" : `${local(sheetPath(sheet, to))}#project=${slug}`;
  const range = html`${offset + 1}–${offset + shown} of ${total}`;
  // The score file's rules reach judging.js from their one home, score-file.ts and the slug's schema.
  return html`<div class="judging" data-judging data-event="${model.event.name}" data-judge="${judge.name}" data-scale="${scale}" data-format="${SCORE_FORMAT}" data-note-max="${MAX_NOTE}" data-file-max="${MAX_SCORE_FILE_BYTES}" data-slug="${SLUG_PATTERN}" data-total="${total}" data-offset="${offset}" data-list="${local(judgeListPath(judge.path))}" data-file="${file}" data-before="${beside(n - 1, sheet.before)}" data-after="${beside(n + 1, sheet.after)}">
<p class="note"><a href="${local("judging/")}">← Judging</a>: not you? Pick your name there.</p>
<h1>Judging: ${text(judge.name)}</h1>
<p class="lede">${total === 0 ? "No projects to score yet." : html`${total} ${total === 1 ? "project" : "projects"} to score on ${criteria.length} ${criteria.length === 1 ? "criterion" : "criteria"}, each from 1 (lowest) to ${scale} (highest), with a private note.`}</p>
${count > 1 ? html`<p class="note">Page ${n} of ${count}: projects ${range}.</p>\n` : ""}<p class="notice" data-without-script>Scoring on this page needs JavaScript, which is off or failed to load: your projects are listed below${count > 1 ? ", a page at a time" : ""}; note your scores on paper and give them to the organiser.</p>
<p data-needs-script hidden>Every score is saved on this device as you enter it: a reload or a closed tab loses nothing. Nothing is sent anywhere. When you are done, send the organiser <a href="#score-file">your score file</a>.</p>
${
  shown
    ? html`<nav class="judge-progress" aria-label="Your projects" data-needs-script hidden>
<p role="status" data-progress></p>
<details><summary>${count > 1 ? html`This page's projects (${range})` : "All your projects"}</summary><ol data-overview start="${offset + 1}"></ol></details>
</nav>
<ol class="judge-projects">
${items}</ol>
<p class="step" data-needs-script hidden><button type="button" data-previous>← Previous</button> <button type="button" data-next>Next project →</button></p>
`
    : html`<ol class="judge-projects"></ol>\n`
}${count > 1 ? html`<p class="note">Your list goes on over ${count} pages; your scores on every page are kept together, and the score file holds them all:</p>\n${pageNav((k) => sheetPath(sheet, k), n, count, local, PAGE_WORDS)}\n` : ""}<template id="score-form">
<div class="score-form">
${criteria.map(
  (c) => html`<fieldset class="criterion" data-criterion="${c.name}">
<legend>${text(c.name)} <span class="note">(${c.weight}%)</span></legend>
${c.description ? html`<p class="note">${text(c.description)}</p>\n` : ""}<div class="scale">
${Array.from({ length: scale }, (_, k) => html`<label><input type="radio" value="${k + 1}"><span>${k + 1}</span></label>\n`)}</div>
</fieldset>
`,
)}<label class="private-note">Private note <span class="note">(in your score file only: never published, not read by the tally)</span>
<textarea data-note rows="3" maxlength="${MAX_NOTE}"></textarea></label>
</div>
</template>
<section class="score-file" aria-labelledby="score-file" data-needs-script hidden>
<h2 id="score-file">Your score file</h2>
<p>One small file with every score and note you entered${count > 1 ? ", on every page" : ""}. Send it to the organiser when you are done, or open it on another device to go on there.</p>
<p class="actions"><button type="button" data-download>Download score file</button> <button type="button" data-copy>Copy as text</button></p>
<p role="status" data-file-status></p>
<textarea class="file-text" data-copied readonly hidden aria-label="Your score file as text"></textarea>
<h3>Go on from a score file</h3>
<p><label>Open a file <input type="file" accept=".json,application/json" data-open-file></label></p>
<p><label for="pasted">Or paste a score file's text</label><br><textarea id="pasted" data-pasted rows="3"></textarea><br><button type="button" data-open-pasted>Open pasted text</button></p>
<p role="status" data-open-status></p>
</section>
</div>
<script src="${local(judgingScript.href)}" defer></script>
`;
}
