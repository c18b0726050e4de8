import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const FORMS_DIR = ".github/ISSUE_TEMPLATE";

/** What the intake does with an issue from a form: the form's file name without `.yml`. */
export type FormKind = "register-team" | "update-team" | "submit-project" | "update-project";
export const FORM_KINDS: readonly FormKind[] = [
  "register-team",
  "update-team",
  "submit-project",
  "update-project",
];

export interface FormField {
  id: string;
  type: "input" | "textarea" | "dropdown" | "checkboxes";
  label: string;
  required: boolean;
  options: string[];
  multiple: boolean;
}

export interface IssueForm {
  kind: FormKind;
  name: string;
  /** The label the form puts on its issues; the intake tells forms apart by it. */
  label: string;
  /** The title the form starts its issues with (`Register team: `): GitHub adds a label only if it exists. */
  title: string;
  fields: FormField[];
}

interface RawForm {
  name: string;
  title?: string;
  labels?: string[];
  body: Array<{
    type: string;
    id?: string;
    attributes?: { label?: string; options?: unknown[]; multiple?: boolean };
    validations?: { required?: boolean };
  }>;
}

/** The form an issue came from: by its label, or (when the repository lacks the label) by its title. */
export function formOf(forms: readonly IssueForm[], issue: { labels: readonly string[]; title: string }) {
  return (
    forms.find((f) => issue.labels.includes(f.label)) ??
    forms.find((f) => f.title.trim() !== "" && issue.title.startsWith(f.title.trim()))
  );
}

/** The intake's four forms, read from the base branch's checkout. */
export function loadForms(root: string): IssueForm[] {
  const files = new Set(readdirSync(join(root, FORMS_DIR)));
  return FORM_KINDS.filter((kind) => files.has(`${kind}.yml`)).map((kind) => {
    const raw = parse(readFileSync(join(root, FORMS_DIR, `${kind}.yml`), "utf8")) as RawForm;
    return {
      kind,
      name: raw.name,
      label: raw.labels?.[0] ?? "",
      title: raw.title ?? "",
      fields: raw.body
        .filter((element) => element.type !== "markdown" && element.id)
        .map((element) => ({
          id: element.id!,
          type: element.type as FormField["type"],
          label: element.attributes?.label ?? "",
          required: element.validations?.required === true,
          options: (element.attributes?.options ?? []).map((o) =>
            typeof o === "string" ? o : String((o as { label?: unknown }).label),
          ),
          multiple: element.attributes?.multiple === true,
        })),
    };
  });
}
