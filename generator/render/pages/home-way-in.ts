import type { Model } from "../../derive/model.ts";
import type { OpenCall } from "../../derive/edition-phase.ts";
import { eventTime } from "../shared/dates.ts";
import { html, type Html } from "../shared/html.ts";
import { entryChapter, entryForm, externalSignUp, noRepositoryNote } from "../shared/way-in.ts";

/** A step of taking part: what it is done with, and until when (the deadline, when the event sets one). */
type Step = OpenCall;

/**
 * The home page's call to action, one per phase: register a team until registration closes, then
 * submit a project until submissions close, then browse the projects (or see the winners). Which
 * steps are open is the edition's phase (derive/edition-phase.ts): none once it is awarded or
 * archived. The page carries no build time, so each step's button and notes carry `data-until` and
 * site.js shows the reader's current step. Without the script every step still open when the
 * records last changed shows, each with its deadline, so the reader picks by the date.
 */
export function wayIn(model: Model, local: (url: string) => string): Html {
  const e = model.event;
  const steps = model.phase.open;
  const count = model.projects.length;
  // Before the first project, the gallery is where they will be: no count to browse.
  const what = count === 0 ? "the projects" : count === 1 ? "1 project" : `${count} projects`;
  // Once every step is over, browsing is the call; site.js makes it so when the last step passes.
  const browseClass = steps.length || e.awards.length ? "button secondary" : "button";
  const buttons = steps.map((s) => button(model, s));
  const notes = steps.flatMap((s) => notesOf(model, s, local));
  return html`<div class="way-in" data-way-in>
<p class="actions">${e.awards.length ? html`<a class="button" href="#winners">See the winners</a> ` : ""}${buttons}<a class="${browseClass}" href="projects/" data-then>Browse ${what}</a>${model.phase.archived ? "" : html` <a class="button secondary" href="teams/?looking=1">Find a team</a>`}</p>
${notes}</div>
`;
}

const LABELS = { team: "Register your team", project: "Submit your project" } as const;

function button(model: Model, step: Step): Html | "" {
  const form = entryForm(model, step.entry);
  return form
    ? html`<a class="button" href="${form}" data-until="${step.until}">${LABELS[step.entry]}</a> `
    : "";
}

/** What the step's button leads to and until when; the event's own sign-up beside registering, as a separate step. */
function notesOf(model: Model, step: Step, local: (url: string) => string): Html[] {
  const e = model.event;
  const at = (content: Html) => html`<p class="note" data-until="${step.until}">${content}</p>\n`;
  const by = step.deadline
    ? html` until <time datetime="${step.deadline}">${eventTime(step.deadline, e.timezone)}</time>`
    : "";
  const chapter = entryChapter(model, step.entry, local);
  const how = entryForm(model, step.entry)
    ? step.entry === "team"
      ? html`<strong>${LABELS.team}</strong>${by} with the form, no Git needed, or by pull request: ${chapter} shows both.`
      : html`<strong>${LABELS.project}</strong>${by} with the form, and improve it until then, or by pull request: ${chapter} shows both.`
    : html`<strong>${LABELS[step.entry]}</strong>${by}: ${chapter} shows how. ${noRepositoryNote(step.entry)}`;
  const notes = [at(how)];
  const signUp = step.entry === "team" ? externalSignUp(model) : undefined;
  if (signUp)
    notes.push(
      at(
        html`Signing up for ${e.name} itself is a separate step, on the event's own page: <a href="${signUp}">sign up for ${e.name}</a>.`,
      ),
    );
  return notes;
}
