import { EDITION_FILE, EDITIONS_DIR } from "../load/list-editions.ts";
import { RECORDS_DIR, SCHEMAS_DIR } from "../record-layout.ts";

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

/**
 * Paths the checks read as data. Validate runs the pull request's own code, so a pull request
 * that changes anything else (workflows, generator, packages, schemas) could have forged its ✅.
 * An archived edition's folder is laid out as the root is and built with the same rule.
 */
export function isCheckedAsData(path: string): boolean {
  const edition = archivedEdition(path);
  const inside = edition === undefined ? path : path.slice(EDITIONS_DIR.length + edition.length + 2);
  return (
    (inside.startsWith(`${RECORDS_DIR}/`) && !inside.startsWith(`${SCHEMAS_DIR}/`)) ||
    inside.startsWith("site/") ||
    (edition !== undefined && inside === EDITION_FILE)
  );
}

/** The id of the archived edition `editions/<id>/…` a path is in; none outside one. */
export function archivedEdition(path: string): string | undefined {
  return new RegExp(`^${EDITIONS_DIR}/([^/]+)/`).exec(path)?.[1];
}
