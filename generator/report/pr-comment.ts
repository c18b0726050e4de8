import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatSummary } from "../diagnostics/format-line.ts";
import type { OwnershipVerdict } from "../ownership/decide-ownership.ts";
import { capText, type Budget } from "./fit-rows.ts";
import { encodePath, mdCode, mdLink, mdText } from "./markdown-text.ts";
import type { ReportArtifact } from "./report-artifact.ts";
import { diffCounts, diffSection, ownershipTable, problemsTable } from "./sections.ts";

/** The first line of the one comment the Report workflow keeps up to date on each pull request. */
export const COMMENT_MARKER = "<!-- hackathon-registry:pr-report -->";

/**
 * GitHub refuses comments over 65,536 characters, and then the pull request gets no answer. The
 * sections' budgets keep a comment near 50,000; the hard cut below is the backstop.
 */
const PROBLEMS: Budget = { rows: 50, chars: 20_000 };
const OWNERSHIP: Budget = { rows: 100, chars: 10_000 };
const DIFF: Budget = { rows: 150, chars: 18_000 };
export const COMMENT_LIMIT = 60_000;

export interface CommentInput {
  report: ReportArtifact;
  verdict: OwnershipVerdict;
  /** `https://github.com/owner/repo`. */
  repositoryUrl: string;
  /** The Validate run that produced the report. */
  runUrl: string;
  /** Other open pull requests with this head commit that its status waits on (`#12: why`). */
  heldBackBy?: readonly string[];
}

export function renderComment({
  report,
  verdict,
  repositoryUrl,
  runUrl,
  heldBackBy = [],
}: CommentInput): string {
  const head = report.pullRequest.headSha;
  const short = head.slice(0, 7);
  const checked = report.ok
    ? `✅ valid${report.diagnostics.length > 0 ? ` (${formatSummary(report.diagnostics)})` : ""}`
    : `❌ ${formatSummary(report.diagnostics)}`;
  const recordsCell =
    verdict.codeChanged.length > 0
      ? `⚠️ unverified, the pull request changes the checks' code: ${checked}`
      : checked;
  const ownershipCell = verdict.allowed ? "✅ allowed" : "❌ needs an organiser";
  const body = [
    COMMENT_MARKER,
    `### Registry check of ${mdCode(short)}`,
    "",
    "| check | result |",
    "| --- | --- |",
    `| Records | ${recordsCell} |`,
    `| Ownership | ${ownershipCell} |`,
    `| Published API | ${diffCounts(report.diff)} |`,
    "",
    ...(heldBackBy.length
      ? [
          "⚠️ A status belongs to the commit, and other open pull requests have this head commit too, so its ownership status waits on them as well:",
          "",
          ...heldBackBy.slice(0, 20).map((line) => `- ${mdText(line)}`),
          "",
          "An organiser can close a duplicate, then re-run the Report workflow.",
          "",
        ]
      : []),
    "#### Problems",
    "",
    ...problemsTable(report.diagnostics, lineLink(repositoryUrl, head), PROBLEMS),
    "",
    "#### Ownership",
    "",
    ...ownershipTable(verdict, OWNERSHIP),
    "",
    "#### What merging changes in the published API",
    "",
    ...diffSection(report.diff, DIFF),
    "",
  ].join("\n");
  const from = `<sub>From ${mdLink("the Validate run", runUrl)} of ${mdCode(short)}. This comment is updated on every push.</sub>\n`;
  const cut = `✂️ This comment was cut to fit GitHub's limit; ${mdLink("the Validate run's job summary", runUrl)} lists everything.`;
  return `${capText(body, COMMENT_LIMIT - from.length - 1, cut)}\n${from}`;
}

/** A link to the line at the checked commit, for plain repository paths only. */
export function lineLink(repositoryUrl: string, sha: string) {
  return (d: Diagnostic): string | undefined => {
    const plain = /^[\w.\- /]+$/.test(d.file) && !d.file.split("/").some((s) => s === ".." || s === ".");
    return plain ? `${repositoryUrl}/blob/${sha}/${encodePath(d.file)}#L${d.line}` : undefined;
  };
}
