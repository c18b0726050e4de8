import type { Model, ProjectEntry } from "../../derive/model.ts";
import { byline, teamOf } from "../shared/cards.ts";
import { html, type Html } from "../shared/html.ts";
import { text, trackName } from "../shared/parts.ts";
import { safeHref } from "../shared/url-policy.ts";
import { videoEmbed, videoPosterLink } from "../shared/video-embed.ts";
import { judgingScript } from "../shared/theme.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { MAX_NOTE, MAX_SCORE_FILE_BYTES, SCORE_FORMAT } from "../../judging/score-file.ts";

const SLUG_PATTERN = recordSchemas.common.$defs.slug.pattern;

/** One judge's page: what the page shows and what judging.js needs to save and export the scores. */
export interface JudgePage {
  name: string;
  /** Its site path, `judging/mei-tanaka.html`. */
  path: string;
  projects: readonly ProjectEntry[];
}

/**
 * A judge's projects in the order to judge them, each with what finds and explains it at the expo:
 * title, its place (`judging.tables`), team, tagline, track, video, demo and code. The score form
 * is one `<template>` that judging.js copies under a project when it is shown, so a page of 150
 * projects is not 150 forms of markup; the script never builds markup from record text, which is
 * all escaped here.
 */
export function judgeBody(model: Model, page: JudgePage, item: (p: ProjectEntry) => Html, up: string): Html {
  const { scale } = model.event.judging;
  const criteria = model.event.judgingCriteria;
  const count = page.projects.length;
  // The score file's rules reach judging.js from their one home, score-file.ts and the slug's schema.
  return html`<div class="judging" data-judging data-event="${model.event.name}" data-judge="${page.name}" data-scale="${scale}" data-format="${SCORE_FORMAT}" data-note-max="${MAX_NOTE}" data-file-max="${MAX_SCORE_FILE_BYTES}" data-slug="${SLUG_PATTERN}">
<p class="note"><a href="./">← Judging</a>: not you? Pick your name there.</p>
<h1>Judging: ${text(page.name)}</h1>
<p class="lede">${count === 0 ? "No projects to score yet." : html`${count} ${count === 1 ? "project" : "projects"} to score on ${criteria.length} ${criteria.length === 1 ? "criterion" : "criteria"}, each from 1 (lowest) to ${scale} (highest), with a private note.`}</p>
<p class="notice" data-without-script>Scoring on this page needs JavaScript, which is off or failed to load: your projects are listed below; note your scores on paper and give them to the organiser.</p>
<p data-needs-script hidden>Every score is saved on this device as you enter it: a reload or a closed tab loses nothing. Nothing is sent anywhere. When you are done, send the organiser <a href="#score-file">your score file</a>.</p>
${
  count
    ? html`<nav class="judge-progress" aria-label="Your projects" data-needs-script hidden>
<p role="status" data-progress></p>
<details><summary>All your projects</summary><ol data-overview></ol></details>
</nav>
`
    : ""
}<ol class="judge-projects">
${page.projects.map(item)}</ol>
${
  count
    ? html`<p class="step" data-needs-script hidden><button type="button" data-previous>← Previous</button> <button type="button" data-next>Next project →</button></p>
`
    : ""
}<template id="score-form">
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
<p>One small file with every score and note you entered. Send it to the organiser when you are done, or open it on another device to go on there.</p>
<p class="actions"><button type="button" data-download>Download score file</button> <button type="button" data-copy>Copy as text</button></p>
<p role="status" data-file-status></p>
<textarea class="file-text" data-copied readonly hidden aria-label="Your score file as text"></textarea>
<h3>Go on from a score file</h3>
<p><label>Open a file <input type="file" accept=".json,application/json" data-open-file></label></p>
<p><label for="pasted">Or paste a score file's text</label><br><textarea id="pasted" data-pasted rows="3"></textarea><br><button type="button" data-open-pasted>Open pasted text</button></p>
<p role="status" data-open-status></p>
</section>
</div>
<script src="${up}${judgingScript.href}" defer></script>
`;
}

/**
 * One project as every judge's page shows it, the same on each: made once per project, not once for
 * each of the `judging.perProject` judges whose page lists it.
 */
export function projectItems(model: Model, local: (url: string) => string): (p: ProjectEntry) => Html {
  const made = new Map<string, Html>();
  const tables = new Map(model.event.judging.tables.map((t) => [t.project, t.table]));
  return (p) => {
    let item = made.get(p.slug);
    if (item === undefined) made.set(p.slug, (item = projectItem(model, p, tables.get(p.slug), local)));
    return item;
  };
}

function projectItem(
  model: Model,
  p: ProjectEntry,
  table: string | undefined,
  local: (url: string) => string,
): Html {
  const video = safeHref(p.video);
  const embed = videoEmbed(p.video);
  const demo = safeHref(p.demo);
  const repo = safeHref(p.repo);
  const links = [
    demo && html`<a href="${demo}">Demo</a>`,
    video && !embed && html`<a href="${video}">Video or slides</a>`,
    repo && html`<a href="${repo}">Code</a>`,
  ].filter((link): link is Html => Boolean(link));
  return html`<li class="judge-project" data-project="${p.slug}">
<h2><a href="${local(p.url)}">${text(p.title)}</a></h2>
${table ? html`<p class="place">At <strong>${text(table)}</strong></p>\n` : ""}${byline(p, teamOf(model, p), local)}<p>${text(p.tagline)}</p>
<p class="note">${trackName(model, p.track)} · ${p.robots.length ? p.robots.join(", ") : "no robots"}</p>
${video && embed ? videoPosterLink(p.title, video, embed) : ""}${links.length ? html`<p class="links">${links.map((link, k) => html`${k ? " · " : ""}${link}`)}</p>\n` : ""}</li>
`;
}
