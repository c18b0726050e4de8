import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { mdCode, mdLink, mdText } from "../../report/markdown-text.ts";

/**
 * What the author of a pull request GitHub's merge queue removed is told. GitHub itself only says
 * that a required check failed on a group commit the author never sees; this names what clashed.
 * Diagnostics come from Validate's artifact (data a pull request's code may have written), so
 * every piece is escaped and the list is capped.
 */
export const MAX_LISTED = 10;

export function clashComment(group: string, diagnostics: readonly Diagnostic[], runUrl: string): string {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const rows = errors
    .slice(0, MAX_LISTED)
    .map((d) => `- ${mdCode(d.file, 200)} line ${d.line}: ${mdText(d.message, 400)}`);
  const more = errors.length > MAX_LISTED ? [`- … and ${errors.length - MAX_LISTED} more (see the run)`] : [];
  return [
    `GitHub's merge queue tested this pull request together with the base branch and the pull requests ahead of it (group ${mdCode(group.slice(0, 7))}), and the combined records do not validate, so it was removed from the queue:`,
    "",
    ...(rows.length ? rows : ["- Validate failed before it could list the problems."]),
    ...more,
    "",
    `Records that clash with ones merged or queued before this one (a team or project name taken twice, for instance) need a change here; push it, and the pull request can be queued again. ${mdLink("Validate's run", runUrl)}.`,
  ].join("\n");
}

export function refusalComment(group: string, description: string, runUrl: string): string {
  return [
    `GitHub's merge queue tested this pull request together with the base branch and the pull requests ahead of it (group ${mdCode(group.slice(0, 7))}), and Report refused the group's ownership:`,
    "",
    `> ${mdText(description, 500)}`,
    "",
    `GitHub removes the pull request from the queue. Once this pull request's own check is green again, it can be queued again. ${mdLink("Report's run", runUrl)}.`,
  ].join("\n");
}
