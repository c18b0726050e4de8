import type { EventRecord, ProjectRecord, TeamRecord } from "../contract/records.ts";
import type { Asset } from "../load/list-assets.ts";

/** What the site publishes, derived once from valid records; every renderer reads only this. */
export interface Model {
  /** Absolute, ending in `/`: `https://org.github.io/sprint/`. */
  baseUrl: string;
  /** ISO 8601 with an explicit UTC offset: `2026-11-21T10:00:00+00:00`. */
  generatedAt: string;
  event: Required<EventRecord>;
  teams: TeamEntry[];
  projects: ProjectEntry[];
  /** Handbook chapters in reading order. */
  handbook: HandbookPage[];
  assets: Asset[];
  /** When each team's and project's record last changed (see record-dates.ts), by slug. */
  updatedAt: { teams: ReadonlyMap<string, string>; projects: ReadonlyMap<string, string> };
}

export interface HandbookPage {
  slug: string;
  title: string;
  markdown: string;
  /** Its source, `site/handbook/10-event-rules.md`, so links between chapters can be rewritten. */
  file: string;
  url: string;
}

export interface Person {
  name: string;
  github: string | null;
}

export interface ProjectEntry {
  slug: string;
  title: string;
  tagline: string;
  track: string | null;
  robots: string[];
  description: string;
  video: string | null;
  images: string[];
  /** The images as absolute URLs, in the same order. */
  imageUrls: string[];
  repo: string | null;
  team: Person[];
  teamSlug: string | null;
  formerSlugs: string[];
  /** The names of the awards it won, in the event's order. */
  awards: string[];
  url: string;
}

export interface TeamEntry {
  slug: string;
  name: string;
  lookingForMembers: boolean;
  skillsWanted: string[];
  about: string | null;
  contact: string | null;
  members: Array<Person & { skills: string[] }>;
  skillsPresent: string[];
  projects: Array<{ slug: string; title: string; url: string }>;
  formerSlugs: string[];
  url: string;
}

/** Records after validation: schema defaults are filled in, so optional fields are present. */
export interface ValidRecords {
  event: EventRecord;
  teams: Array<{ slug: string; record: TeamRecord }>;
  projects: Array<{ slug: string; record: ProjectRecord }>;
}
