import { inlineSchema } from "../../contract/inline-schema.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import type { EntryKind } from "../../record-layout.ts";
import { FORM_TEXTS, type FormKind } from "./form-texts.ts";

export { FORM_KINDS, type FormKind } from "./form-texts.ts";

type Json = Record<string, unknown>;

/** How an answer becomes a value; told by the field's schema (see answerOf). */
export type Answer =
  "line" | "markdown" | "list" | "lines" | "people" | "members" | "yesno" | "choice" | "choices";

export interface FormField {
  /** The record field it sets, or the form's own `slug`, `yourName` or `yourSkills`. */
  id: string;
  type: "input" | "textarea" | "dropdown";
  label: string;
  description: string;
  required: boolean;
  options: string[];
  multiple: boolean;
  answer: Answer;
  /** Whether "none" clears it (a field that may be null or empty). */
  clearable: boolean;
}

export interface IssueForm {
  kind: FormKind;
  record: EntryKind;
  update: boolean;
  name: string;
  description: string;
  /** The label the form puts on its issues; the intake tells forms apart by it. */
  label: string;
  /** The title the form starts its issues with (`Register team: `): GitHub adds a label only if it exists. */
  title: string;
  intro: string;
  fields: FormField[];
}

/** What the forms offer from the event: its tracks (by id) and its robots (by name). */
export interface EventChoices {
  tracks: Array<{ id: string; name: string }>;
  robots: string[];
}

/** A renamed record keeps its address through formerSlugs, which an organiser sets by hand. */
const NOT_ASKED = new Set(["formerSlugs"]);
/** Labels where a field's name alone would say too little; any other field is labelled by its name. */
const LABELS: Record<string, string> = {
  name: "Team name",
  title: "Project title",
  about: "About the team",
  contact: "Contact link",
  repo: "Repository link",
  video: "Video or slides link",
  demo: "Demo link",
  needs: "What the demo needs at the expo",
  team: "People",
};
export const NO_CHANGE = "No change";
export const NO_TRACK = "No track";

/** The intake's four forms, from the record schemas and the event: nothing in them is typed twice. */
export function issueForms(event: EventChoices): IssueForm[] {
  return Object.entries(FORM_TEXTS).map(([kind, text]) => {
    const update = kind.startsWith("update");
    const schema = inlineSchema(recordSchemas[text.record], { titles: false });
    const required = new Set(schema.required as string[]);
    const noun = text.record === "team" ? "Team" : "Project";
    const fields = update ? [ask("slug", "input", `${noun} slug`, text.slugHelp, { required: true })] : [];
    for (const [name, field] of Object.entries(schema.properties as Record<string, Json>)) {
      if (NOT_ASKED.has(name)) continue;
      if (isPeople(answerOf(name, field)) && !update) fields.push(...yourself(field));
      fields.push(formField(name, field, { update, event, required: required.has(name) }));
    }
    return { kind: kind as FormKind, update, ...text, fields };
  });
}

/** How a field is asked, told by its schema; the event's tracks and robots are picked from lists. */
function answerOf(name: string, field: Json): Answer {
  const items = field.items as Json | undefined;
  if (name === "track") return "choice";
  // The event's robots, or a list of the schema's own words (a project's needs: power, large).
  if (name === "robots" || (items?.enum && !items.type)) return "choices";
  if (field.type === "boolean") return "yesno";
  if (items?.type === "object") return (items.properties as Json).skills ? "members" : "people";
  if (items) return (items.maxLength as number) <= 200 ? "list" : "lines";
  return field.pattern ? "line" : "markdown";
}

const TYPES: Record<Answer, FormField["type"]> = {
  line: "input",
  list: "input",
  markdown: "textarea",
  lines: "textarea",
  people: "textarea",
  members: "textarea",
  yesno: "dropdown",
  choice: "dropdown",
  choices: "dropdown",
};
const isPeople = (answer: Answer) => answer === "people" || answer === "members";

function formField(
  name: string,
  field: Json,
  o: { update: boolean; event: EventChoices; required: boolean },
) {
  const answer = answerOf(name, field);
  const nullable = Array.isArray(field.type) && field.type.includes("null");
  const clearable =
    !o.required && answer !== "choice" && answer !== "choices" && (nullable || field.type === "array");
  const named = LABELS[name] ?? name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  const label =
    isPeople(answer) && !o.update
      ? `Other ${named.toLowerCase()}`
      : named.replace(/^./, (c) => c.toUpperCase());
  const choices = {
    choice: [NO_TRACK, ...o.event.tracks.map((t) => `${t.name} (${t.id})`)],
    choices:
      name === "robots" ? o.event.robots : (((field.items as Json | undefined)?.enum ?? []) as string[]),
    yesno: ["Yes", "No"],
  };
  const options: string[] = choices[answer as keyof typeof choices] ?? [];
  const said =
    answer === "choice"
      ? "The event's tracks."
      : String(field.description ?? "").replace(/,? or null\.$/, ".");
  const keep =
    TYPES[answer] === "dropdown" && answer !== "choices"
      ? `Leave at "${NO_CHANGE}" to keep it.`
      : "Replaces it; leave empty to keep it.";
  const help = [
    o.update ? keep : "",
    said,
    hint(answer, field, o.update),
    clearable && o.update ? 'Write "none" to clear it.' : "",
  ];
  return ask(name, TYPES[answer], label, help.filter(Boolean).join(" "), {
    // A create form adds its author to the people, so the others may be left out.
    required: o.required && !o.update && !isPeople(answer),
    options: o.update && answer !== "choices" && options.length ? [NO_CHANGE, ...options] : options,
    multiple: answer === "choices",
    answer,
    clearable,
  });
}

/** The format of an answer and the schema's limits, in words. */
function hint(answer: Answer, field: Json, update: boolean): string {
  const items = (field.items ?? {}) as Json;
  const most = (n: unknown) => Number(n).toLocaleString("en");
  const each = items.maxLength ? `, each at most ${most(items.maxLength)} characters` : "";
  const count = most((field.maxItems as number) - (isPeople(answer) && !update ? 1 : 0));
  const skills = answer === "members";
  const person = `a name, then the GitHub user name in brackets if there is one${skills ? ", then skills after a colon" : ""}`;
  const hints: Record<Answer, string> = {
    line: `One line, at most ${most(field.maxLength)} characters.`,
    markdown: `At most ${most(field.maxLength)} characters.`,
    list: `Comma-separated, at most ${count}${each}.`,
    lines: `One per line, at most ${count}${each}.`,
    choices: `At most ${count}.`,
    people: `At most ${count}, one per line: ${person}. Example: Ada Lovelace (@ada-l)${skills ? ": Python, CAD" : ""}`,
    members: "",
    yesno: "",
    choice: "",
  };
  return hints[isPeople(answer) ? "people" : answer];
}

/** A create form asks for its author's name (and skills); their GitHub account is added for them. */
function yourself(people: Json): FormField[] {
  const person = ((people.items as Json).properties ?? {}) as Record<string, Json>;
  const name = `As it should appear on the page; at most ${person.name!.maxLength} characters. Your GitHub account is added for you.`;
  const fields = [ask("yourName", "input", "Your name", name, { required: true })];
  if (person.skills)
    fields.push(
      ask("yourSkills", "input", "Your skills", hint("list", person.skills, false), { answer: "list" }),
    );
  return fields;
}

function ask(
  id: string,
  type: FormField["type"],
  label: string,
  description: string,
  more: Partial<FormField> = {},
): FormField {
  return {
    id,
    type,
    label,
    description,
    required: false,
    options: [],
    multiple: false,
    answer: "line",
    clearable: false,
    ...more,
  };
}

/** The form an issue came from: by its label, or (when the repository lacks the label) by its title. */
export function formOf(forms: readonly IssueForm[], issue: { labels: readonly string[]; title: string }) {
  return (
    forms.find((f) => issue.labels.includes(f.label)) ??
    forms.find((f) => f.title.trim() !== "" && issue.title.startsWith(f.title.trim()))
  );
}
