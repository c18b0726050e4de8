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
 */
export function isCheckedAsData(path: string): boolean {
  return (
    (path.startsWith(`${RECORDS_DIR}/`) && !path.startsWith(`${SCHEMAS_DIR}/`)) || path.startsWith("site/")
  );
}
