/** One file a pull request touches, as the pull request's file list names it. */
export type ChangeStatus = "added" | "modified" | "removed" | "renamed";

export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** The old path of a renamed file. */
  previousPath?: string;
}

/** GitHub's file statuses mapped onto ours: `copied` makes a new file, `changed` (mode only) modifies one. */
export function changeStatus(github: string): ChangeStatus {
  if (github === "added" || github === "copied") return "added";
  if (github === "removed" || github === "renamed") return github;
  return "modified";
}

export type RecordKind = "team" | "project";

/** `records/teams/<slug>.yaml` or `records/projects/<slug>.yaml`; anything else is not a team's to touch. */
export function recordKind(path: string): RecordKind | undefined {
  const match = /^records\/(teams|projects)\/[^/]+\.yaml$/.exec(path);
  if (!match) return undefined;
  return match[1] === "teams" ? "team" : "project";
}

export const EVENT_FILE = "records/event.yaml";

export function teamFile(slug: string): string {
  return `records/teams/${slug}.yaml`;
}

/**
 * Paths the checks read as data. Validate runs the pull request's own code, so a pull request
 * that changes anything else (workflows, generator, packages, schemas) could have forged its ✅.
 */
export function isCheckedAsData(path: string): boolean {
  return (path.startsWith("records/") && !path.startsWith("records/schemas/")) || path.startsWith("site/");
}
