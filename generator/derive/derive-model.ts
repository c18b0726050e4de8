import type { Asset } from "../load/list-assets.ts";
import type { HandbookSource } from "../load/load-handbook.ts";
import { siteUrl } from "./base-url.ts";
import type { Model, ProjectEntry, TeamEntry, ValidRecords } from "./model.ts";
import { publishEntry } from "./published-entry.ts";
import { PROJECT_EXTRAS, TEAM_EXTRAS } from "../contract/entry-extras.ts";
import { byCodeUnits } from "../code-unit-order.ts";
import { phaseOf } from "./edition-phase.ts";
import { expoOf, tablesOf } from "./expo.ts";
import type { TableFields } from "../load/tables-at-seed.ts";

export const teamPath = (slug: string): string => `teams/${slug}.html`;
export const projectPath = (slug: string): string => `projects/${slug}.html`;
export const handbookPath = (slug: string): string => `handbook/${slug}.html`;

/** Builds the published model: entries sorted by slug, absolute URLs, derived team fields. */
export function deriveModel(
  records: ValidRecords,
  files: { assets: Asset[]; handbook: HandbookSource[] },
  options: {
    baseUrl: string;
    generatedAt: string;
    /** The repository when the event record names none (the publish workflow's GITHUB_REPOSITORY). */
    repository?: string;
    /** ISO times by slug; a record without one is dated `generatedAt`. */
    updatedAt?: Model["updatedAt"];
    /** The projects that arrived after the judging seed was set, by slug (see model.ts). */
    lateArrivals?: Model["lateArrivals"];
    /** The track and needs of the projects changed since the seed, as they were then (load/tables-at-seed.ts). */
    tablesAtSeed?: ReadonlyMap<string, TableFields>;
    /** An archived edition's (editions/<id>/): it is over, whatever its dates say (edition-phase.ts). */
    archived?: boolean;
  },
): Model {
  const { baseUrl } = options;
  const awards = (records.event.awards ?? []).map((a) => ({
    name: a.name,
    projects: [...a.projects],
    description: a.description ?? null,
    prize: a.prize ?? null,
  }));
  const awardsOf = new Map<string, string[]>();
  for (const a of awards)
    for (const slug of a.projects) awardsOf.set(slug, [...(awardsOf.get(slug) ?? []), a.name]);
  const expo = expoOf(records.event);
  const { tables } = tablesOf(records, expo, options.lateArrivals, options.tablesAtSeed);
  const projects: ProjectEntry[] = bySlug(records.projects).map(({ slug, record }) => {
    const [awards, table] = [awardsOf.get(slug) ?? [], tables.get(slug) ?? null];
    const values = keptValues(record, [baseUrl, slug, table, ...awards], () => ({
      slug,
      imageUrls: (record.images ?? []).map((src) => (/^https:/i.test(src) ? src : siteUrl(baseUrl, src))),
      awards,
      url: siteUrl(baseUrl, projectPath(slug)),
      table,
    }));
    return publishEntry("project", record, PROJECT_EXTRAS, values);
  });

  const projectsByTeam = new Map<string, ProjectEntry[]>();
  for (const p of projects) {
    if (p.teamSlug === null) continue;
    const list = projectsByTeam.get(p.teamSlug);
    if (list) list.push(p);
    else projectsByTeam.set(p.teamSlug, [p]);
  }

  const teams: TeamEntry[] = bySlug(records.teams).map(({ slug, record }) => {
    const own = projectsByTeam.get(slug) ?? [];
    const values = keptValues(record, [baseUrl, slug, ...own], () => ({
      slug,
      // A folded paragraph (`about: >`) ends in a line break that is no part of the text.
      about: record.about?.trim() ?? null,
      skillsPresent: sortedUnique(record.members.flatMap((m) => m.skills ?? [])),
      projects: own.map((p) => ({ slug: p.slug, title: p.title, url: p.url })),
      url: siteUrl(baseUrl, teamPath(slug)),
    }));
    return publishEntry("team", record, TEAM_EXTRAS, values);
  });

  const e = records.event;
  const event: Model["event"] = {
    ...e,
    venue: { ...e.venue, mapUrl: e.venue.mapUrl ?? null },
    repository: e.repository ?? options.repository ?? null,
    logo: e.logo ?? null,
    accentColor: e.accentColor ?? null,
    awards,
    hosts: e.hosts.map((h) => ({
      name: h.name,
      url: h.url ?? null,
      tier: h.tier ?? null,
      logo: h.logo ?? null,
    })),
    prizes: (e.prizes ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      value: p.value ?? null,
      count: p.count ?? 1,
      description: p.description,
      track: p.track ?? null,
    })),
    judges: (e.judges ?? []).map((j) => ({
      name: j.name,
      affiliation: j.affiliation,
      url: j.url ?? null,
      photo: j.photo ?? null,
      github: j.github ?? null,
      conflicts: [...(j.conflicts ?? [])],
      prizes: [...(j.prizes ?? [])],
    })),
    judging: {
      perProject: e.judging?.perProject ?? 3,
      perJudgeMax: e.judging?.perJudgeMax ?? 40,
      scale: e.judging?.scale ?? 5,
      seed: e.judging?.seed ?? null,
      tables: (e.judging?.tables ?? []).map((t) => ({ project: t.project, table: t.table })),
    },
    deadlines: {
      registration: e.deadlines?.registration ?? null,
      submission: e.deadlines?.submission ?? null,
      extensions: (e.deadlines?.extensions ?? []).map((x) => ({
        team: x.team,
        submission: x.submission,
        reason: x.reason ?? null,
      })),
    },
    expo,
  };
  const handbook = files.handbook.map((h) => ({
    slug: h.slug,
    title: h.title,
    markdown: h.markdown,
    file: h.file,
    url: siteUrl(baseUrl, handbookPath(h.slug)),
  }));
  return {
    baseUrl,
    generatedAt: options.generatedAt,
    phase: phaseOf(records.event, options.generatedAt, options.archived === true),
    event,
    teams,
    projects,
    handbook,
    assets: files.assets,
    updatedAt: options.updatedAt ?? { teams: new Map(), projects: new Map() },
    ...(options.lateArrivals?.size ? { lateArrivals: options.lateArrivals } : {}),
  };
}

/**
 * The values an entry is made with (publishEntry), kept with its record while all else they are made
 * of (`read`: text, and entries and tables never changed once made) is the same: under `npm run dev`
 * publishEntry then finds them the same object at once, where 10,000 teams' skills sorted and
 * project lists made, then compared field by field, were 50–90 ms of a save.
 */
const valuesOf = new WeakMap<object, { read: readonly unknown[]; values: object }>();

function keptValues<V extends object>(record: object, read: readonly unknown[], make: () => V): V {
  const known = valuesOf.get(record);
  if (known?.read.length === read.length && known.read.every((x, i) => x === read[i]))
    return known.values as V;
  const values = make();
  valuesOf.set(record, { read, values });
  return values;
}

function bySlug<T extends { slug: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => byCodeUnits(a.slug, b.slug));
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(byCodeUnits);
}
