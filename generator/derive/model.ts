import type { EventRecord, ProjectRecord, TeamRecord } from "../contract/records.ts";
import type { ExpoArea, ProjectExtras, ProjectTable, TeamExtras } from "../contract/entry-extras.ts";
import type { Asset } from "../load/list-assets.ts";
import type { Phase } from "./edition-phase.ts";
import type { EditionSummary, Moved } from "./editions.ts";
import type { Published } from "./published-entry.ts";

/** What the site publishes, derived once from valid records; every renderer reads only this. */
export interface Model {
  /** Absolute, ending in `/`: `https://org.github.io/sprint/`. */
  baseUrl: string;
  /** ISO 8601 with an explicit UTC offset: `2026-11-21T10:00:00+00:00`. */
  generatedAt: string;
  event: Omit<Required<EventRecord>, Showcase | "deadlines" | "judging" | "expo"> & {
    deadlines: Deadlines;
    judging: Judging;
    /** The expo floor, or null when the event describes none. */
    expo: Expo | null;
  } & {
    [K in Showcase]: Published<NonNullable<EventRecord[K]>>;
  };
  teams: TeamEntry[];
  projects: ProjectEntry[];
  /** Handbook chapters in reading order. */
  handbook: HandbookPage[];
  assets: Asset[];
  /**
   * When each team's and project's record last changed (see record-dates.ts), by slug; `event`:
   * when the event's record did (the calendar's DTSTAMP), `generatedAt` where not given.
   */
  updatedAt: { teams: ReadonlyMap<string, string>; projects: ReadonlyMap<string, string>; event?: string };
  /**
   * The projects that reached the default branch after `judging.seed` was set, by slug: their
   * place in the order of arrival (load/arrivals-after-seed.ts), which the judging assignment
   * hands them out in, after the rest. None when the build reads no git.
   */
  lateArrivals?: ReadonlyMap<string, number>;
  /** Where the edition is in its life: archived or not, the calls still open, whether pages count down (edition-phase.ts). */
  phase: Phase;
  /** Set when the repository keeps archived editions (editions/<id>/): see derive/editions.ts. */
  series?: {
    /** This model's edition: its id, or null for the current edition at the root. */
    id: string | null;
    /** Every edition, newest first, the current one included. */
    editions: EditionSummary[];
    /** The current edition's model only: old root URLs of archived editions that now lead under /<id>/. */
    moved: Moved[];
  };
}

export interface HandbookPage {
  slug: string;
  title: string;
  markdown: string;
  /** Its source, `site/handbook/10-event-rules.md`, so links between chapters can be rewritten. */
  file: string;
  url: string;
}

/**
 * The event's lists published with every key of every item present (`null`, or a count of 1).
 * Awards keep their record type so a model built by hand may leave their newer keys out.
 */
type Showcase = "prizes" | "judges" | "hosts";
export type Prize = Model["event"]["prizes"][number];
export type Judge = Model["event"]["judges"][number];
export type Host = Model["event"]["hosts"][number];
export type Award = Model["event"]["awards"][number];

export type { ExpoArea, ProjectTable };

/** The expo floor as published: its areas in order, each with a slug and its number of tables. */
export interface Expo {
  areas: Array<ExpoArea & { tables: number }>;
}

/** The event's deadlines as published: every key present, `null` or an empty list where none is set. */
export type Deadlines = Published<NonNullable<EventRecord["deadlines"]>>;

/** How the event is judged, as published: judges per project and the top score, defaults filled in. */
export type Judging = Published<NonNullable<EventRecord["judging"]>>;

/** A team or project as published: its record's fields (see published-entry.ts) and the extras. */
export type ProjectEntry = Published<ProjectRecord> & ProjectExtras;
export type TeamEntry = Published<TeamRecord> & TeamExtras;
export type Person = ProjectEntry["team"][number];

/** Records after validation: schema defaults are filled in, so optional fields are present. */
export interface ValidRecords {
  event: EventRecord;
  teams: Array<{ slug: string; record: TeamRecord }>;
  projects: Array<{ slug: string; record: ProjectRecord }>;
}
