import type { IssueForm } from "../../load/forms/issue-forms.ts";

/** GitHub's issue bodies stop at 65,536 characters; anything longer is not a form's. */
export const MAX_BODY = 65_536;
const NO_RESPONSE = "_No response_";

export interface FormAnswers {
  /** Each field's answer by id, trimmed; "" when empty or left out. */
  values: Record<string, string>;
  /** What is wrong with the body as a whole or a required field, in plain words. */
  problems: string[];
}

/**
 * An issue form's body as data: `### <label>` sections in the form's order, `_No response_` for an
 * empty field. The body is the author's text (they may edit it freely), so nothing in it is
 * trusted: unknown sections are ignored, `required` is checked again, and the size is capped.
 */
export function parseFormBody(body: string, form: IssueForm): FormAnswers {
  const values: Record<string, string> = Object.fromEntries(form.fields.map((f) => [f.id, ""]));
  const problems: string[] = [];
  if (body.length > MAX_BODY)
    return { values, problems: [`the issue is longer than ${MAX_BODY} characters`] };
  const byLabel = new Map(form.fields.map((f) => [f.label, f]));
  const sections = body.replace(/\r\n?/g, "\n").split(/^### /m).slice(1);
  for (const section of sections) {
    const newline = section.indexOf("\n");
    const label = (newline < 0 ? section : section.slice(0, newline)).trim();
    const field = byLabel.get(label);
    if (!field) continue;
    const text = newline < 0 ? "" : section.slice(newline + 1).trim();
    values[field.id] = text === NO_RESPONSE ? "" : text;
  }
  for (const field of form.fields)
    if (field.required && values[field.id] === "") problems.push(`"${field.label}" is required`);
  return { values, problems };
}

/** `Ada Lovelace (@ada-l): Python, CAD` → name, GitHub user name or null, skills. */
export function parsePerson(line: string): { name: string; github: string | null; skills: string[] } {
  const match = /^(.*?)\s*(?:\(\s*@?([^()\s]*)\s*\))?\s*(?::\s*(.*))?$/.exec(line.trim())!;
  return { name: match[1]!.trim(), github: match[2] || null, skills: list(match[3] ?? "") };
}

/** A comma-separated answer as a list, empty items dropped. */
export function list(answer: string): string[] {
  return answer
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A multi-line answer as its non-empty lines. */
export function lines(answer: string): string[] {
  return answer
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
