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

/** The sample event's organisers, told apart from a fork's by the sample's name: once renamed, they stand out. */
export const SAMPLE_EVENT = {
  name: "Physical AI Sprint 2026",
  organisers: ["ada-organiser", "grace-hopper-bot"] as readonly string[],
  /** The repository the sample's issue-form contact link names. */
  repository: "physical-ai/sprint-2026",
};
