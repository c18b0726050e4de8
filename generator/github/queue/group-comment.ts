import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { mdCode, mdLink, mdText } from "../../report/markdown-text.ts";

/**
 * What the author of a pull request GitHub's merge queue removed is told. GitHub itself only says
 * that a required check failed on a group commit the author never sees; this names which of the
 * pull request's own records clash with which record merged or queued ahead of it. A clash's
 * diagnostic may stand on either record (the validator flags the later file by name, whichever
 * merged first), and its message names the other, so each is placed by the files the pull request
 * changes (`own`, GitHub's list). Diagnostics come from Validate's artifact (data a pull request's
 * code may have written), so every piece is escaped and the list is capped.
 */
export const MAX_LISTED = 10;

/** Paths of records a message names (`records/teams/x.yaml`), the diagnostic's own file first. */
const RECORD_PATH = /records\/[\w./-]+?\.ya?ml/g;

export function clashLine(d: Diagnostic, own: ReadonlySet<string>): { line: string; mine: boolean } {
  const named = [d.file, ...(d.message.match(RECORD_PATH) ?? [])];
  const mine = named.find((f) => own.has(f));
  const other = named.find((f) => !own.has(f));
  const why = mdText(d.message, 400);
  if (mine && other)
    return {
      line: `- ${mdCode(mine, 200)} (this pull request) clashes with ${mdCode(other, 200)}, merged or queued ahead: ${why}`,
      mine: true,
    };
  if (mine) return { line: `- ${mdCode(mine, 200)} (this pull request) line ${d.line}: ${why}`, mine: true };
  return {
    line: `- ${mdCode(d.file, 200)} line ${d.line} (not changed by this pull request): ${why}`,
    mine: false,
  };
}

export function clashComment(
  group: string,
  diagnostics: readonly Diagnostic[],
  runUrl: string,
  own: readonly string[],
): string {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const files = new Set(own);
  const placed = errors.map((d) => clashLine(d, files));
  // The pull request's own records first: they are what its author can change.
  const ordered = [...placed.filter((p) => p.mine), ...placed.filter((p) => !p.mine)];
  const rows = ordered.slice(0, MAX_LISTED).map((p) => p.line);
  const more = errors.length > MAX_LISTED ? [`- … and ${errors.length - MAX_LISTED} more (see the run)`] : [];
  const fix = placed.some((p) => p.mine)
    ? "Change your record (a team or project name of your own, for instance), push it, and the pull request can be queued again."
    : "Records that clash with ones merged or queued before this one (a team or project name taken twice, for instance) need a change in this pull request; push it, and the pull request can be queued again.";
  return [
    `GitHub's merge queue tested this pull request together with the base branch and the pull requests ahead of it (group ${mdCode(group.slice(0, 7))}), and the combined records do not validate, so it was removed from the queue:`,
    "",
    ...(rows.length ? rows : ["- Validate failed before it could list the problems."]),
    ...more,
    "",
    `${fix} ${mdLink("Validate's run", runUrl)}.`,
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
