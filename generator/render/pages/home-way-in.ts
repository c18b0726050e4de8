import type { Model } from "../../derive/model.ts";
import type { OpenCall } from "../../derive/edition-phase.ts";
import { eventTime } from "../shared/dates.ts";
import { html, type Html } from "../shared/html.ts";
import { entryChapter, entryForm, externalSignUp } from "../shared/way-in.ts";

/** A step of taking part: what it is done with, and until when (the deadline, when the event sets one). */
type Step = OpenCall;

/**
 * The home page's call to action, one per phase: register a team until registration closes, then
 * submit a project until submissions close, then browse the projects (or see the winners); each
 * only where it leads somewhere (no browsing before the first project, findTeam below). Which
 * steps are open is the edition's phase (derive/edition-phase.ts): none once it is awarded or
 * archived. The page carries no build time, so each step's button and notes carry `data-until` and
 * site.js shows the reader's current step. Without the script every step still open when the
 * records last changed shows, each with its deadline, so the reader picks by the date.
 */
export function wayIn(model: Model, local: (url: string) => string): Html {
  const e = model.event;
  const steps = model.phase.open;
  const count = model.projects.length;
  const what = count === 1 ? "1 project" : `${count} projects`;
  // Once every step is over, browsing is the call; site.js makes it so when the last step passes.
  const browseClass = steps.length || e.awards.length ? "button secondary" : "button";
  const buttons = steps.map((s) => button(model, s));
  const notes = steps.flatMap((s) => notesOf(model, s, local));
  // Each button only where it leads somewhere: no gallery to browse before the first project.
  const actions = [
    e.awards.length ? html`<a class="button" href="#winners">See the winners</a>` : "",
    ...buttons,
    count ? html`<a class="${browseClass}" href="projects/" data-then>Browse ${what}</a>` : "",
    findTeam(model),
  ].filter((a): a is Html => a !== "");
  return html`<div class="way-in" data-way-in>
${actions.length ? html`<p class="actions">${actions.map((a, i) => html`${i ? " " : ""}${a}`)}</p>\n` : ""}${notes}</div>
`;
}

/**
 * Joining a team that is looking for members, while teams register (the team step is open, and
 * site.js hides it with that step) and only if one is looking: not after registration closed, not
 * on an edition with no team yet, never on an archived one (which has no open step).
 */
function findTeam(model: Model): Html | "" {
  const team = model.phase.open.find((s) => s.entry === "team");
  if (!team || !model.teams.some((t) => t.lookingForMembers)) return "";
  return html`<a class="button secondary" href="teams/?looking=1" data-until="${team.until}">Find a team</a>`;
}

const LABELS = { team: "Register your team", project: "Submit your project" } as const;

function button(model: Model, step: Step): Html | "" {
  const form = entryForm(model, step.entry);
  return form
    ? html`<a class="button" href="${form}" data-until="${step.until}">${LABELS[step.entry]}</a>`
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
    : // No form without the repository; visitors read no setup, the organiser's build warns of it.
      html`<strong>${LABELS[step.entry]}</strong>${by}: ${chapter} shows how.`;
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
