import { isMap, parseDocument, stringify } from "yaml";
import { recordSlug } from "../scaffold/new-record.ts";
import { recordPath, SLUG_PATTERN } from "../record-layout.ts";
import { lines, list, parsePerson } from "./form-body.ts";
import type { FormKind } from "./issue-forms.ts";

export type Built =
  { ok: true; file: string; slug: string; text: string } | { ok: false; problems: string[] };

const NONE = /^none$/i;
/** One paragraph: the schema keeps `about` on one line. */
const paragraph = (text: string) => text.replace(/\s*\n\s*/g, " ");
/** `Simulation (sim)` → `sim`; `No track` → null. */
const trackOf = (option: string) => /\(([a-z0-9-]+)\)$/.exec(option)?.[1] ?? null;

/**
 * The record an intake issue asks for: a new one from its answers (the author listed first,
 * with their GitHub account), or the existing record with only the answered fields changed
 * (comments and order kept). Values are data for the YAML writer; nothing is interpolated.
 */
export function buildRecord(
  kind: FormKind,
  values: Record<string, string>,
  author: string,
  existing: (file: string) => string | undefined,
): Built {
  const team = kind.endsWith("team");
  const slug = kind.startsWith("update")
    ? values.slug!.trim().toLowerCase()
    : recordSlug(values[team ? "name" : "title"]!);
  if (!SLUG_PATTERN.test(slug))
    return {
      ok: false,
      problems: [`"${slug}" is not a slug: lowercase words joined by hyphens, such as gripper-gang`],
    };
  const file = recordPath(team ? "team" : "project", slug);
  const current = existing(file);
  if (kind.startsWith("update") && current === undefined)
    return {
      ok: false,
      problems: [`there is no ${team ? "team" : "project"} with the slug ${slug} (no ${file})`],
    };
  if (!kind.startsWith("update") && current !== undefined)
    return {
      ok: false,
      problems: [
        `${file} exists already: choose another name, or use the "Update a ${team ? "team" : "project"}" form`,
      ],
    };
  const person = (line: string, withSkills: boolean) => {
    const p = parsePerson(line);
    return withSkills
      ? { name: p.name, github: p.github, skills: p.skills }
      : { name: p.name, github: p.github };
  };
  const people = (answer: string, withSkills: boolean) =>
    lines(answer).map((line) => person(line, withSkills));
  const link = (answer: string) => (NONE.test(answer) ? null : answer);

  if (kind === "register-team" || kind === "submit-project") {
    const you = {
      name: values.your_name!,
      github: author,
      ...(team ? { skills: list(values.your_skills ?? "") } : {}),
    };
    const others = people(values[team ? "members" : "people"] ?? "", team).filter((p) => p.github !== author);
    const record: Record<string, unknown> = team
      ? {
          name: values.name,
          lookingForMembers: values.looking === "Yes",
          ...(values.skills_wanted ? { skillsWanted: list(values.skills_wanted) } : {}),
          ...(values.about ? { about: paragraph(values.about) } : {}),
          ...(values.contact ? { contact: values.contact } : {}),
          members: [you, ...others],
        }
      : {
          title: values.title,
          tagline: values.tagline,
          track: trackOf(values.track ?? ""),
          robots: list(values.robots ?? ""),
          description: `${values.description}\n`,
          ...(values.repo ? { repo: values.repo } : {}),
          ...(values.video ? { video: values.video } : {}),
          ...(values.images ? { images: lines(values.images) } : {}),
          team: [you, ...others],
          ...(values.team_slug ? { teamSlug: values.team_slug.trim().toLowerCase() } : {}),
        };
    const header = `# yaml-language-server: $schema=../schemas/${team ? "team" : "project"}.schema.json\n`;
    return { ok: true, file, slug, text: header + stringify(record, { lineWidth: 0 }) };
  }

  const doc = parseDocument(current!);
  if (!isMap(doc.contents)) return { ok: false, problems: [`${file} is not a record the form can change`] };
  const set = (key: string, value: unknown) => doc.set(key, doc.createNode(value));
  if (team) {
    if (values.looking === "Yes" || values.looking === "No")
      set("lookingForMembers", values.looking === "Yes");
    if (values.skills_wanted)
      set("skillsWanted", NONE.test(values.skills_wanted) ? [] : list(values.skills_wanted));
    if (values.about) set("about", NONE.test(values.about) ? null : paragraph(values.about));
    if (values.contact) set("contact", link(values.contact));
    if (values.members) set("members", people(values.members, true));
  } else {
    if (values.tagline) set("tagline", values.tagline);
    if (values.track && values.track !== "No change") set("track", trackOf(values.track));
    if (values.description) set("description", `${values.description}\n`);
    if (values.repo) set("repo", link(values.repo));
    if (values.video) set("video", link(values.video));
    if (values.images) set("images", NONE.test(values.images) ? [] : lines(values.images));
    if (values.people) set("team", people(values.people, false));
  }
  return { ok: true, file, slug, text: doc.toString({ lineWidth: 0 }) };
}
