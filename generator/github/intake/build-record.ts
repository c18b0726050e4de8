import { isMap, parseDocument, stringify } from "yaml";
import { recordPath, SLUG_PATTERN } from "../../record-layout.ts";
import { recordSlug } from "../../scaffold/new-record.ts";
import { lines, list, parsePerson } from "./form-body.ts";
import { NO_CHANGE, NO_TRACK, type FormField, type IssueForm } from "../../load/forms/issue-forms.ts";
import { splitChoices } from "./split-choices.ts";

export type Built =
  { ok: true; file: string; slug: string; text: string } | { ok: false; problems: string[] };

const NONE = /^none$/i;

/**
 * The record an intake issue asks for: a new one from its answers (the issue's author listed first,
 * with their GitHub account), or the existing record with only the answered fields changed
 * (comments and order kept). Each answer becomes a value as its field says (see issue-forms.ts);
 * values are data for the YAML writer, nothing is interpolated.
 */
export function buildRecord(
  form: IssueForm,
  values: Record<string, string>,
  author: string,
  existing: (file: string) => string | undefined,
): Built {
  const { record: kind, update } = form;
  const recordFields = form.fields.filter((f) => !["slug", "yourName", "yourSkills"].includes(f.id));
  // A new record's slug comes from its first field, the team's name or the project's title.
  const slug = update ? values.slug!.trim().toLowerCase() : recordSlug(values[recordFields[0]!.id]!);
  if (!SLUG_PATTERN.test(slug))
    return {
      ok: false,
      problems: [`"${slug}" is not a slug: lowercase words joined by hyphens, such as gripper-gang`],
    };
  const file = recordPath(kind, slug);
  const current = existing(file);
  if (update && current === undefined)
    return { ok: false, problems: [`there is no ${kind} with the slug ${slug} (no ${file})`] };
  if (!update && current !== undefined)
    return {
      ok: false,
      problems: [`${file} exists already: choose another name, or use the "Update a ${kind}" form`],
    };

  const problems: string[] = [];
  const answered = recordFields.flatMap((field) => {
    const answer = values[field.id] ?? "";
    if (answer === "" || answer === NO_CHANGE) return [];
    const cleared = update && field.clearable && NONE.test(answer);
    if (cleared) return [[field.id, field.answer === "line" ? null : []] as const];
    if (field.answer !== "choices") return [[field.id, valueOf(field, answer)] as const];
    // A multi-select answer is read as the form's options, which may hold commas.
    const split = splitChoices(answer, field.options);
    if (split.ok) return [[field.id, split.choices] as const];
    problems.push(`"${field.label}": ${split.problem}`);
    return [];
  });
  if (problems.length) return { ok: false, problems };
  if (!update) {
    const record: Record<string, unknown> = Object.fromEntries(answered);
    const people = recordFields.find((f) => f.answer === "people" || f.answer === "members")!;
    const you = {
      name: values.yourName,
      github: author,
      ...(values.yourSkills !== undefined ? { skills: list(values.yourSkills) } : {}),
    };
    const others = ((record[people.id] ?? []) as Array<{ github: string | null }>).filter(
      (p) => p.github !== author,
    );
    record[people.id] = [you, ...others];
    // Keep the form's (the schema's) order, with the people where their field is.
    const ordered = Object.fromEntries(
      recordFields.filter((f) => f.id in record).map((f) => [f.id, record[f.id]]),
    );
    const header = `# yaml-language-server: $schema=../schemas/${kind}.schema.json\n`;
    return { ok: true, file, slug, text: header + stringify(ordered, { lineWidth: 0 }) };
  }
  const doc = parseDocument(current!);
  if (!isMap(doc.contents)) return { ok: false, problems: [`${file} is not a record the form can change`] };
  for (const [key, value] of answered) doc.set(key, doc.createNode(value));
  return { ok: true, file, slug, text: doc.toString({ lineWidth: 0 }) };
}

function valueOf(field: FormField, answer: string): unknown {
  switch (field.answer) {
    case "markdown":
      return `${answer}\n`;
    case "list":
      return list(answer);
    case "lines":
      return lines(answer);
    case "yesno":
      return answer === "Yes";
    case "choice":
      // `Simulation (sim)` → `sim`; `No track` → null.
      return answer === NO_TRACK ? null : (/\(([a-z0-9-]+)\)$/.exec(answer)?.[1] ?? answer);
    case "people":
    case "members":
      return lines(answer).map((line) => {
        const { name, github, skills } = parsePerson(line);
        return field.answer === "members" ? { name, github, skills } : { name, github };
      });
    default:
      // One line: a body edited by hand may break it, so its lines are joined.
      return answer.replace(/\s*\n\s*/g, " ");
  }
}
