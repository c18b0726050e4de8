import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import { EVENT_FILE, SCHEMAS_DIR } from "../../record-layout.ts";
import { parseRecord } from "../parse-record.ts";
import { issueForms, type EventChoices, type IssueForm } from "./issue-forms.ts";

export const FORMS_DIR = ".github/ISSUE_TEMPLATE";

/**
 * The tracks and robots of an event record as read, which may be anything: only well-formed
 * entries are taken, so a broken event gives fewer choices (and its own errors), never a crash.
 */
export function eventChoices(event: unknown): EventChoices {
  const list = (key: string): Record<string, unknown>[] => {
    const value = event && typeof event === "object" ? (event as Record<string, unknown>)[key] : undefined;
    return Array.isArray(value) ? value.filter((x) => x && typeof x === "object") : [];
  };
  const text = (value: unknown): value is string => typeof value === "string";
  return {
    tracks: list("tracks").flatMap((t) => (text(t.id) && text(t.name) ? [{ id: t.id, name: t.name }] : [])),
    robots: list("robots").flatMap((r) => (text(r.name) ? [r.name] : [])),
  };
}

/** The forms of an event, each with the file GitHub reads it from and that file's text. */
export function formFiles(event: unknown): Array<{ form: IssueForm; file: string; text: string }> {
  return issueForms(eventChoices(event)).map((form) => ({
    form,
    file: `${FORMS_DIR}/${form.kind}.yml`,
    text: formYaml(form),
  }));
}

/** A form as GitHub reads it from `.github/ISSUE_TEMPLATE/<kind>.yml`. */
function formYaml(form: IssueForm): string {
  const body = form.fields.map((f) => ({
    type: f.type,
    id: f.id,
    attributes: {
      label: f.label,
      description: f.description,
      ...(f.type === "dropdown" ? { ...(f.multiple ? { multiple: true } : {}), options: f.options } : {}),
    },
    ...(f.required ? { validations: { required: true } } : {}),
  }));
  const { name, description, title, label, intro } = form;
  const markdown = { type: "markdown", attributes: { value: `${intro}\n` } };
  const header = `# Written by \`npm run forms\` from ${SCHEMAS_DIR}/ and ${EVENT_FILE}: edit those, then run it.\n`;
  const yaml = { name, description, title, labels: [label], body: [markdown, ...body] };
  // GitHub reads forms as YAML 1.1, where a bare Yes or No is a boolean: 1.1 output quotes them.
  return header + stringify(yaml, { lineWidth: 0, version: "1.1" });
}

/** `root`'s event record as read: anything, or undefined when it is missing or does not read. */
export async function readEvent(root: string): Promise<unknown> {
  const text = await readFile(join(root, EVENT_FILE), "utf8").catch(() => undefined);
  return text === undefined ? undefined : parseRecord(EVENT_FILE, text).data;
}

/**
 * Writes the forms under `root` that differ from what `event` (as read) and the schemas make now,
 * as `npm run forms` does and `npm run dev` before each build (they are derived files); the paths
 * written. Nothing for an event that does not read as a record: the build reports it.
 */
export async function updateForms(root: string, event: unknown): Promise<string[]> {
  if (event === undefined) return [];
  const written: string[] = [];
  for (const { file, text: form } of formFiles(event)) {
    const current = await readFile(join(root, file), "utf8").catch(() => undefined);
    if (current === form) continue;
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), form);
    written.push(file);
  }
  return written;
}
