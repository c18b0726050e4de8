import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatSummary } from "../diagnostics/format-line.ts";
import type { OwnershipVerdict } from "../ownership/decide-ownership.ts";
import { encodePath, mdCode, mdLink } from "./markdown-text.ts";
import type { ReportArtifact } from "./report-artifact.ts";
import { diffCounts, diffSection, ownershipTable, problemsTable } from "./sections.ts";

/** The first line of the one comment the Report workflow keeps up to date on each pull request. */
export const COMMENT_MARKER = "<!-- hackathon-registry:pr-report -->";

/** GitHub refuses comments over 65,536 characters; these limits keep ours well under. */
const PROBLEM_ROWS = 50;
const DIFF_ROWS = 150;

export interface CommentInput {
  report: ReportArtifact;
  verdict: OwnershipVerdict;
  /** `https://github.com/owner/repo`. */
  repositoryUrl: string;
  /** The Validate run that produced the report. */
  runUrl: string;
}

export function renderComment({ report, verdict, repositoryUrl, runUrl }: CommentInput): string {
  const head = report.pullRequest.headSha;
  const short = head.slice(0, 7);
  const recordsCell = report.ok
    ? `✅ valid${report.diagnostics.length > 0 ? ` (${formatSummary(report.diagnostics)})` : ""}`
    : `❌ ${formatSummary(report.diagnostics)}`;
  const ownershipCell = verdict.allowed ? "✅ allowed" : "❌ needs an organiser";
  return [
    COMMENT_MARKER,
    `### Registry check of ${mdCode(short)}`,
    "",
    "| check | result |",
    "| --- | --- |",
    `| Records | ${recordsCell} |`,
    `| Ownership | ${ownershipCell} |`,
    `| Published API | ${diffCounts(report.diff)} |`,
    "",
    "#### Problems",
    "",
    ...problemsTable(report.diagnostics, lineLink(repositoryUrl, head), PROBLEM_ROWS),
    "",
    "#### Ownership",
    "",
    ...ownershipTable(verdict),
    "",
    "#### What merging changes in the published API",
    "",
    ...diffSection(report.diff, DIFF_ROWS),
    "",
    `<sub>From ${mdLink("the Validate run", runUrl)} of ${mdCode(short)}. This comment is updated on every push.</sub>`,
    "",
  ].join("\n");
}

/** A link to the line at the checked commit, for plain repository paths only. */
export function lineLink(repositoryUrl: string, sha: string) {
  return (d: Diagnostic): string | undefined => {
    const plain = /^[\w.\- /]+$/.test(d.file) && !d.file.split("/").some((s) => s === ".." || s === ".");
    return plain ? `${repositoryUrl}/blob/${sha}/${encodePath(d.file)}#L${d.line}` : undefined;
  };
}
