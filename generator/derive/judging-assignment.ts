import { byCodeUnits } from "../code-unit-order.ts";
import { conflictOf, judgeRules, peopleOf } from "../judging/eligibility.ts";
import { lastCall } from "../cache/last-call.ts";
import type { Model } from "./model.ts";

/** What the assignment reads: plain data, so a test can make it without building a site. */
export interface AssignmentInput {
  /** How many judges each project should get. */
  perProject: number;
  /** The organiser's phrase mixed into every hash (`judging.seed`), so no slug or name picks its place. */
  seed?: string | null;
  judges: ReadonlyArray<{
    name: string;
    github: string | null;
    conflicts: readonly string[];
    prizes: readonly string[];
  }>;
  prizes: ReadonlyArray<{ id: string; track: string | null }>;
  projects: ReadonlyArray<{
    slug: string;
    track: string | null;
    teamSlug: string | null;
    /** The GitHub names of the people the project lists. */
    members: readonly (string | null)[];
    /**
     * When the project's team may still submit, as a time in ms, if its team has an extension.
     * Projects are handed out on-time first, then by this: a late project never moves earlier ones.
     */
    lateUntil: number | null;
    /**
     * Its place in the order projects reached the default branch after the seed was set (0 first;
     * see load/arrivals-after-seed.ts), or null or absent when it was in by then. Such projects are
     * handed out after every other, in that order: an approved late one moves nobody's judges.
     */
    arrived?: number | null;
  }>;
  /** Each team's members' GitHub names, by team slug. */
  teams: ReadonlyMap<string, readonly (string | null)[]>;
}

export interface Assignment {
  /** Every judge in the event's order, with their projects in the order to judge them. */
  judges: Array<{ name: string; projects: string[] }>;
  /** Projects that fewer than perProject judges may judge (all of whom do), in slug order. */
  shortfall: Array<{ project: string; judges: number; wanted: number }>;
}

/**
 * Who judges what. Projects are taken one at a time in a fixed order (on-time ones first, each
 * group by a hash of its slug), each given to the least-loaded judges who may judge it (ties by a
 * hash of judge and project). Least-loaded first keeps the loads of judges who may judge the same
 * projects within one; the fixed order means a project that comes last (a team's extension, or one
 * that reached the branch after the seed, such as an approved late one) adds to the end of lists
 * without moving anything. See docs/architecture.md for why.
 */
export function assignJudges(input: AssignmentInput): Assignment {
  const judges = input.judges.map((judge, index) => ({
    index,
    nameHash: keyed(input.seed, judge.name),
    rules: judgeRules(judge, input.prizes),
    load: 0,
    projects: [] as Array<{ slug: string; late: Lateness; tie: number }>,
  }));
  const shortfall: Assignment["shortfall"] = [];
  for (const project of handOutOrder(input.projects, input.seed)) {
    const people = peopleOf(project, input.teams);
    const eligible = judges.filter((judge) => conflictOf(judge.rules, project, people) === null);
    const slugHash = keyed(input.seed, project.slug);
    const ranked = eligible.map((judge) => ({
      judge,
      tie: pair(judge.nameHash, slugHash),
    }));
    ranked.sort((a, b) => a.judge.load - b.judge.load || a.tie - b.tie || a.judge.index - b.judge.index);
    for (const { judge, tie } of ranked.slice(0, input.perProject)) {
      judge.load++;
      judge.projects.push({ slug: project.slug, late: latenessOf(project), tie });
    }
    if (eligible.length < input.perProject)
      shortfall.push({ project: project.slug, judges: eligible.length, wanted: input.perProject });
  }
  shortfall.sort((a, b) => byCodeUnits(a.project, b.project));
  return {
    // Each judge in an order of their own, so judges do not all start at the same table; late
    // projects still come after the rest, so a list only ever grows at its end.
    judges: judges.map((judge) => ({
      name: input.judges[judge.index]!.name,
      projects: judge.projects
        .sort((a, b) => byLateness(a.late, b.late) || a.tie - b.tie || byCodeUnits(a.slug, b.slug))
        .map((p) => p.slug),
    })),
    shortfall,
  };
}

/**
 * When a project is handed out: in by the seed and on time [0], in by the seed with its team's
 * extension [1, until], or arrived after the seed [2, its place in the order of arrival].
 */
type Lateness = readonly [number, number];

function latenessOf(project: { lateUntil: number | null; arrived?: number | null }): Lateness {
  if (project.arrived != null) return [2, project.arrived];
  return project.lateUntil === null ? [0, 0] : [1, project.lateUntil];
}

const byLateness = (a: Lateness, b: Lateness): number => a[0] - b[0] || a[1] - b[1];

/** On-time projects first, then late ones (extensions, then arrivals); each group by slug hash. */
function handOutOrder<P extends { slug: string; lateUntil: number | null; arrived?: number | null }>(
  projects: readonly P[],
  seed: string | null | undefined,
): P[] {
  const order = projects.map((project) => ({
    project,
    key: latenessOf(project),
    hash: keyed(seed, project.slug),
  }));
  order.sort(
    (a, b) => byLateness(a.key, b.key) || a.hash - b.hash || byCodeUnits(a.project.slug, b.project.slug),
  );
  return order.map((o) => o.project);
}

/** FNV-1a over UTF-16 code units with a final mix: the same number on every machine, fast at 2M pairs. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A name's or a slug's hash under the event's seed; without one, its plain hash. */
export const keyed = (seed: string | null | undefined, text: string): number =>
  hash(seed ? `${seed}\n${text}` : text);

/** A hash of a judge's and a project's hashes: ties broken differently for every project. */
function pair(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return h >>> 0;
}

const assignments = new WeakMap<Model, Assignment>();

/**
 * The assignment of the published model: its judges, prizes, projects, teams, extensions and the
 * projects that arrived after the seed. Made once per model: the assignment's JSON and the judges'
 * pages both read it (about 450 ms at 10,000 projects and 200 judges).
 */
export function judgingAssignment(model: Model): Assignment {
  let known = assignments.get(model);
  if (!known) assignments.set(model, (known = assignmentOf(model)));
  return known;
}

/** Made again only when what it reads changed: a save of a project's tagline moves no judge. */
const assignKept = lastCall(assignJudges);

function assignmentOf(model: Model): Assignment {
  const extensions = new Map(
    model.event.deadlines.extensions.map((x) => [x.team, Date.parse(x.submission)] as const),
  );
  return assignKept({
    perProject: model.event.judging.perProject,
    seed: model.event.judging.seed,
    judges: model.event.judges,
    prizes: model.event.prizes,
    projects: model.projects.map((p) => ({
      slug: p.slug,
      track: p.track,
      teamSlug: p.teamSlug,
      members: p.team.map((person) => person.github),
      lateUntil: (p.teamSlug !== null && extensions.get(p.teamSlug)) || null,
      arrived: model.lateArrivals?.get(p.slug) ?? null,
    })),
    teams: new Map(model.teams.map((t) => [t.slug, t.members.map((m) => m.github)] as const)),
  });
}
