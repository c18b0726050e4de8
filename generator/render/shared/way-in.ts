import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { html, type Html } from "./html.ts";
import { repositoryLinks } from "./repository-links.ts";
import { safeHref } from "./url-policy.ts";

/** The two ways onto the site: a team registers, then it submits its project. */
export type Entry = "team" | "project";

const WORDS = {
  team: {
    chapter: "register-a-team",
    form: "the team form",
    act: "register your team",
    none: "No team has registered yet.",
    over: "No team registered for this edition.",
  },
  project: {
    chapter: "submit-a-project",
    form: "the project form",
    act: "submit your project",
    none: "No project has been submitted yet.",
    over: "No project was submitted to this edition.",
  },
} as const;

/** The form an entry is made with, when the site knows its repository. */
export function entryForm(model: Model, entry: Entry): string | undefined {
  const repo = repositoryLinks(model);
  return entry === "team" ? repo?.registerForm : repo?.submitForm;
}

/** "<a>Register a team</a> in the handbook", or "<a>the handbook</a>" when no chapter has that slug. */
export function entryChapter(model: Model, entry: Entry, local: (url: string) => string): Html {
  const chapter = model.handbook.find((h) => h.slug === WORDS[entry].chapter);
  return chapter
    ? html`<a href="${local(chapter.url)}">${chapter.title}</a> in the handbook`
    : html`<a href="${local(siteUrl(model.baseUrl, "handbook/"))}">the handbook</a>`;
}

/**
 * The event's own sign-up page, when it has one apart from the team form: `registrationUrl` is
 * often the team form itself (init writes it so), and a second button to one form is a wrong turn.
 */
export function externalSignUp(model: Model): string | undefined {
  const url = safeHref(model.event.registrationUrl);
  if (!url) return undefined;
  return /^https:\/\/github\.com\/[^/]+\/[^/]+\/issues\/new(?:[/?#]|$)/.test(url) ? undefined : url;
}

/**
 * What an empty list says: nothing yet, and how to be the first (the form, and the handbook's
 * chapter); once the edition is archived, only that there was none.
 */
export function firstEntry(model: Model, entry: Entry, local: (url: string) => string): Html {
  const words = WORDS[entry];
  // An edition that is over invites no one (derive/edition-phase.ts).
  if (model.phase.archived) return html`${words.over}`;
  const form = entryForm(model, entry);
  const read = entryChapter(model, entry, local);
  return form
    ? html`${words.none} Be the first: <a href="${form}">${words.act} with ${words.form}</a>, no Git needed, or follow ${read}.`
    : // No form without the repository: the organiser is told by the build (derive/repository-warning.ts).
      html`${words.none} Be the first: ${read} says how.`;
}
