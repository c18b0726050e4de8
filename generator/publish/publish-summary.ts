import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { fitRows } from "../report/fit-rows.ts";
import { mdCode, mdLink, mdText } from "../report/markdown-text.ts";
import { lineLink } from "../report/pr-comment.ts";
import { SUMMARY_BUDGET } from "../report/sections.ts";
import type { Arrival } from "./brought-by.ts";
import type { InvolvedRecord } from "./clash-records.ts";
import type { PublishProblem } from "./publish-problems.ts";

/** Where the summary links: the repository and the commit built, when GitHub Actions names them. */
export interface SummaryLinks {
  repositoryUrl?: string;
  sha?: string;
}

const NOTHING_DEPLOYED = "Nothing was deployed: GitHub Pages keeps serving the last site that built.";

/**
 * Publish's job summary when its build failed: what to do first, then every problem as the
 * validator names it (place, rule, expected, found, fix) with the records it involves and the
 * pull request that last brought each to the branch. All record text is escaped (markdown-text.ts).
 */
export function renderPublishSummary(
  problems: readonly PublishProblem[],
  arrivals: ReadonlyMap<string, Arrival>,
  links: SummaryLinks = {},
): string {
  if (problems.length === 0)
    return [
      "## ❌ Publish stopped before deploying",
      "",
      `The records are valid, so the build failed for another reason: the step \`Build the site\` says why. ${NOTHING_DEPLOYED}`,
      "",
    ].join("\n");
  const advice = [...new Set(problems.map((p) => p.advice))];
  const { kept, left } = fitRows(
    problems.map((p) => block(p, arrivals, links)),
    SUMMARY_BUDGET,
  );
  return [
    "## ❌ Publish stopped: the records on the branch do not build",
    "",
    `${NOTHING_DEPLOYED} Pull requests validated one at a time can clash once both are merged (two teams with one name, two records claiming one slug).`,
    "",
    "### What to do",
    "",
    ...advice.map((a) => `- ${a[0]!.toUpperCase()}${a.slice(1)}.`),
    "",
    `### ${problems.length} error${problems.length === 1 ? "" : "s"}`,
    ...kept,
    ...(left > 0 ? ["", `…and ${left} more: run \`npm run validate\` on the branch to list them all.`] : []),
    "",
  ].join("\n");
}

function block(p: PublishProblem, arrivals: ReadonlyMap<string, Arrival>, links: SummaryLinks): string {
  const d = p.diagnostic;
  const field = (name: string, value: string | undefined) =>
    value === undefined ? [] : [`- ${name}: ${mdText(value, 400)}`];
  return [
    "",
    `#### ❌ ${place(d, p.records[0]!, links)} ${mdCode(d.rule)}`,
    "",
    mdText(d.message, 400),
    "",
    ...field("expected", d.expected),
    ...field("found", d.found),
    ...field("fix", d.fix),
    `- ${p.records.length > 1 ? "records involved" : "record"}:`,
    ...p.records.map((r) => `  - ${place(d, r, links)}: ${arrivalWords(arrivals.get(r.file), links)}`),
  ].join("\n");
}

/** `records/teams/a.yaml:3:7`, linked to the line at the commit built when it can be. */
function place(d: Diagnostic, r: InvolvedRecord, links: SummaryLinks): string {
  const where = mdText(`${r.file}:${r.line}:${r.column}`);
  const { repositoryUrl, sha } = links;
  const url = repositoryUrl && sha ? lineLink(repositoryUrl, sha)({ ...d, ...r }) : undefined;
  return url ? mdLink(where, url) : where;
}

/** Which pull request last brought a record to the branch, as git tells it. */
export function arrivalWords(arrival: Arrival | undefined, { repositoryUrl }: SummaryLinks = {}): string {
  if (!arrival) return "git does not say which commit brought it";
  const short = arrival.sha.slice(0, 7);
  const commit = repositoryUrl
    ? mdLink(mdCode(short), `${repositoryUrl}/commit/${arrival.sha}`)
    : mdCode(short);
  if (arrival.pull === undefined)
    return `last changed by commit ${commit} (${mdText(arrival.subject, 120)}), which names no pull request`;
  const number = `#${arrival.pull}`;
  const pull = repositoryUrl
    ? mdLink(mdText(number), `${repositoryUrl}/pull/${arrival.pull}`)
    : mdText(number);
  return `last brought to the branch by pull request ${pull} (commit ${commit})`;
}
