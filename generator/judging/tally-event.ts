/**
 * What the tally reads of the event and the projects, typed narrowly here: `judging` may not be in
 * the generated record types yet, and the tally needs only these fields.
 */
export interface TallyEvent {
  name: string;
  judges?: readonly {
    name: string;
    github?: string | null;
    conflicts?: readonly string[];
    prizes?: readonly string[];
  }[];
  judgingCriteria: readonly { name: string; weight: number }[];
  prizes?: readonly { id: string; name: string; count?: number; track?: string | null }[];
  judging?: { perProject?: number; scale?: number };
}

export interface TallyProject {
  slug: string;
  track?: string | null;
  /** The linked team, whose members may not judge the project either. */
  teamSlug?: string | null;
  /** The GitHub names of the people the project lists. */
  members?: readonly (string | null)[];
}

/** Each team's members' GitHub names, by team slug. */
export type TallyTeams = ReadonlyMap<string, readonly (string | null)[]>;

/** A score file's name (as the organiser gave it) and its text, or why it could not be read. */
export interface ScoreSource {
  file: string;
  text?: string;
  unreadable?: string;
  /** What to do about it, where that is more than checking the path. */
  fix?: string;
}

export const DEFAULT_SCALE = 5;
export const DEFAULT_PER_PROJECT = 3;

export const scaleOf = (event: TallyEvent): number => event.judging?.scale ?? DEFAULT_SCALE;
export const perProjectOf = (event: TallyEvent): number => event.judging?.perProject ?? DEFAULT_PER_PROJECT;
