/**
 * What `npm run new` writes where a person must write their own text, and the sample event's
 * organisers: a fork that keeps them lets those accounts approve any pull request. The
 * placeholders rule warns while any is left.
 */
export const PLACEHOLDERS = {
  name: "Your name",
  tagline: "One line that says what it does.",
  description: "What it does, how it works, and what you used.\n",
} as const;

/**
 * What `npm run init` writes where the organiser has not said (no --venue, --address, --tagline,
 * a track or robot given by name only, no host): the event builds, and the placeholders rule warns
 * on each until it is filled in.
 */
export const INIT_PLACEHOLDERS = {
  venue: "To be announced",
  tagline: (event: string, oneDay: boolean) =>
    `${event}: build something real in ${oneDay ? "a day" : "a weekend"}.`,
  track: (track: string) => `Projects in the ${track} track.`,
  robot: (robot: string) => `${robot}, at the venue.`,
} as const;

/** The README's example organiser: copied as it is, no one's pull requests count as an organiser's. */
export const EXAMPLE_ORGANISER = "your-github-name";

/** The sample event's organisers, told apart from a fork's by the sample's name: once renamed, they stand out. */
export const SAMPLE_EVENT = {
  name: "Physical AI Sprint 2026",
  organisers: ["ada-organiser", "grace-hopper-bot"] as readonly string[],
  /** The repository the sample's issue-form contact link names. */
  repository: "physical-ai/sprint-2026",
};
