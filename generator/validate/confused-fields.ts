/**
 * Fields people write for another one, where they write them: the record itself, or a person in a
 * team's `members` or a project's `team`. The one list the "did you mean" of an unknown field
 * reads before it guesses by spelling; a test holds every target to a field of its schema.
 */
export const CONFUSED_FIELDS: Record<"team" | "project" | "person", Readonly<Record<string, string>>> = {
  project: {
    repository: "repo",
    github: "repo",
    code: "repo",
    source: "repo",
    url: "demo",
    website: "demo",
    link: "demo",
    members: "team",
    people: "team",
    authors: "team",
    name: "title",
    summary: "tagline",
    subtitle: "tagline",
    tags: "builtWith",
    stack: "builtWith",
    tech: "builtWith",
    image: "images",
    screenshots: "images",
    youtube: "video",
    team_slug: "teamSlug",
    teamName: "teamSlug",
  },
  team: {
    title: "name",
    team: "members",
    people: "members",
    description: "about",
    bio: "about",
    recruiting: "lookingForMembers",
    hiring: "lookingForMembers",
    skills: "skillsWanted",
    email: "contact",
  },
  person: {
    username: "github",
    handle: "github",
    login: "github",
    user: "github",
    gh: "github",
    githubUsername: "github",
    skill: "skills",
  },
};

/** Where an unknown key sits: the record itself, or one of its people; undefined elsewhere. */
export function confusedPlace(
  kind: string,
  segments: readonly string[],
): keyof typeof CONFUSED_FIELDS | undefined {
  if (segments.length === 0) return kind === "team" || kind === "project" ? kind : undefined;
  const list = kind === "team" ? "members" : kind === "project" ? "team" : undefined;
  return segments.length === 2 && segments[0] === list ? "person" : undefined;
}

/**
 * The value someone meant, where a wrong one shows it: a GitHub profile's address or `@name` for
 * the name alone. Undefined when nothing is clear.
 */
export function meantValue(key: string | undefined, value: unknown): string | undefined {
  if (key !== "github" || typeof value !== "string") return undefined;
  const name = /^(?:@|(?:https?:\/\/)?(?:www\.)?github\.com\/)([A-Za-z0-9-]{1,39})\/?$/.exec(
    value.trim(),
  )?.[1];
  return name && `Write \`github: ${name}\`: the name alone, as GitHub shows it on the profile.`;
}
