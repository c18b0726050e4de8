import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { recordSchemas } from "../contract/record-schemas.ts";
import { ENTRY_FOLDERS, recordPath, type EntryKind as Kind } from "../record-layout.ts";
import { slugify } from "../validate/rules/slug-format.ts";
import { PLACEHOLDERS } from "../contract/placeholders.ts";

/** A new record's slug from its name: the slug rule's suggestion, cut to the 80 characters a slug may have. */
export function recordSlug(name: string): string {
  return slugify(name).slice(0, 80).replace(/-+$/, "");
}

/** YAML for a value on one line: JSON is YAML, and a quoted string never turns into a number or `no`. */
const yamlValue = (value: unknown) => JSON.stringify(value);

/**
 * The text of a new record: the schema line, placeholders that validate for the required fields,
 * and a comment for every optional field (its default and what it means), all from the schema.
 */
export function recordText(
  kind: Kind,
  name: string,
  options: { team?: string; github?: string } = {},
): string {
  const schema = recordSchemas[kind] as {
    required: string[];
    properties: Record<string, { description?: string; title?: string; default?: unknown }>;
  };
  const github = options.github ?? null;
  const person = `  - name: ${PLACEHOLDERS.name}\n    github: ${github ?? "null"} # your GitHub user name, so you can edit this record later\n`;
  const required: Record<string, string> =
    kind === "team"
      ? {
          name: `name: ${yamlValue(name)}\n`,
          lookingForMembers: "lookingForMembers: false # true while you have room for more people\n",
          members: `members:\n${person}    skills: []\n`,
        }
      : {
          title: `title: ${yamlValue(name)}\n`,
          tagline: `tagline: ${PLACEHOLDERS.tagline}\n`,
          description: `description: |\n  ${PLACEHOLDERS.description}`,
          team: `team:\n${person}`,
        };
  let text = `# yaml-language-server: $schema=../schemas/${kind}.schema.json\n`;
  for (const [field, spec] of Object.entries(schema.properties)) {
    if (field === "teamSlug" && options.team) {
      text += `teamSlug: ${options.team}\n`;
      continue;
    }
    if (required[field]) {
      text += required[field];
      continue;
    }
    const about = (spec.description ?? spec.title ?? "").split(". ")[0]!.replace(/\.$/, "");
    text += `# ${field}: ${yamlValue(spec.default ?? null)} # ${about}\n`;
  }
  return text;
}

/** Writes `records/<kind>s/<slug>.yaml` under `root`; refuses a slug that is taken. Returns its path. */
export async function newRecord(
  root: string,
  kind: Kind,
  name: string,
  options: { team?: string; github?: string } = {},
): Promise<string> {
  const slug = recordSlug(name);
  if (!slug) throw new Error(`the name must hold a letter or a digit (found ${JSON.stringify(name)})`);
  const handle = recordSchemas.common.$defs.githubHandle;
  if (options.github !== undefined && !new RegExp(handle.pattern).test(options.github))
    throw new Error(
      `--github must be ${handle.title} (found ${JSON.stringify(options.github)}): give your own GitHub user name`,
    );
  const folder = join(root, ENTRY_FOLDERS[kind]);
  const file = recordPath(kind, slug);
  for (const taken of [file, file.replace(/\.yaml$/, ".yml")])
    if (existsSync(join(root, taken)))
      throw new Error(`${taken} exists: choose another name, or edit that file`);
  if (options.team && !existsSync(join(root, recordPath("team", options.team))))
    throw new Error(
      `--team must name a file in ${ENTRY_FOLDERS.team}/ (found ${JSON.stringify(options.team)})`,
    );
  await mkdir(folder, { recursive: true });
  await writeFile(join(root, file), recordText(kind, name, options), { flag: "wx" });
  return file;
}
