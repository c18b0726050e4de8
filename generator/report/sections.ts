import type { ApiDiff, CollectionDiff } from "../diff/api-diff.ts";
import { isEmptyDiff } from "../diff/api-diff.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatSummary } from "../diagnostics/format-line.ts";
import type { OwnershipVerdict } from "../ownership/decide-ownership.ts";
import { fitRows, type Budget } from "./fit-rows.ts";
import { mdCode, mdLink, mdText, mdValue } from "./markdown-text.ts";

/** Markdown blocks shared by the job summaries and the pull-request comment, each within a budget. */

/** Per section of a job summary: three of them stay under GitHub's 1 MiB even at 3 bytes a character. */
export const SUMMARY_BUDGET: Budget = { rows: 2000, chars: 100_000 };

/** Where a problem is; a link to the exact line when the caller knows the commit. */
export type LineLink = (d: Diagnostic) => string | undefined;

const SEE_SUMMARY = "listed in the Validate run's job summary";

export function problemsTable(diagnostics: readonly Diagnostic[], link: LineLink, budget: Budget): string[] {
  if (diagnostics.length === 0) return ["No problems: every record is valid."];
  const { kept, left } = fitRows(
    diagnostics.map((d) => {
      const where = mdText(`${d.file}:${d.line}:${d.column}`);
      const url = link(d);
      const icon = d.severity === "error" ? "❌" : "⚠️";
      const fix = d.fix ? ` Fix: ${mdText(d.fix, 400)}` : "";
      return `| ${icon} | ${url ? mdLink(where, url) : where} | ${mdCode(d.rule)} | ${mdText(d.message, 400)}${fix} |`;
    }),
    budget,
  );
  return [
    `${formatSummary(diagnostics)}.`,
    "",
    "| | where | rule | problem |",
    "| --- | --- | --- | --- |",
    ...kept,
    ...(left > 0 ? ["", `…and ${left} more, ${SEE_SUMMARY}.`] : []),
  ];
}

/** Who may make which change; refused files first, so a cut list still shows what needs an organiser. */
export function ownershipTable(verdict: OwnershipVerdict, budget: Budget): string[] {
  const author = mdCode(verdict.author);
  const who = verdict.organiser
    ? `${author} is an organiser and may change anything.`
    : verdict.approvedBy !== undefined
      ? `Organiser ${mdCode(verdict.approvedBy)} approved this commit, which allows every change in it.`
      : verdict.allowed
        ? `${author} may make every change in this pull request.`
        : `${author} may not make every change in this pull request: an organiser must review the ones marked ❌.`;
  const code = verdict.codeChanged;
  const trust =
    code.length === 0
      ? []
      : [
          "",
          `⚠️ This pull request changes code the checks ran (${code
            .slice(0, 5)
            .map((p) => mdCode(p))
            .join(
              ", ",
            )}${code.length > 5 ? ` and ${code.length - 5} more` : ""}), so the Records result is only its own word: an organiser must review it.`,
        ];
  const refusals = verdict.refusals.flatMap((r) => ["", `❌ ${mdText(r, 400)}: an organiser must review.`]);
  if (verdict.files.length === 0) return [who, ...refusals, ...trust];
  const ordered = [...verdict.files.filter((f) => !f.allowed), ...verdict.files.filter((f) => f.allowed)];
  const { kept, left } = fitRows(
    ordered.map(
      (f) => `| ${f.allowed ? "✅" : "❌"} | ${mdCode(f.path)} | ${f.status} | ${mdText(f.reason)} |`,
    ),
    budget,
  );
  const leftRefused = ordered.slice(kept.length).filter((f) => !f.allowed).length;
  return [
    who,
    ...refusals,
    ...trust,
    "",
    "| | file | change | why |",
    "| --- | --- | --- | --- |",
    ...kept,
    ...(left > 0
      ? ["", `…and ${left} more files (${leftRefused} of them ❌), listed in the Report run's summary.`]
      : []),
  ];
}

/** One line per kind of entry, then a table of field changes per changed entry, within the budget. */
export function diffSection(diff: ApiDiff | null, budget: Budget): string[] {
  if (diff === null) return ["The records do not build, so there is nothing to compare yet."];
  if (isEmptyDiff(diff)) return ["Merging changes nothing in the published API."];
  const blocks: string[][] = [];
  const table = (title: string, changes: ApiDiff["event"]) => {
    const { kept, left } = fitRows(
      changes.map((c) => `| ${mdCode(c.path)} | ${mdValue(c.before)} | ${mdValue(c.after)} |`),
      { rows: budget.rows, chars: budget.chars / 4 },
    );
    blocks.push([
      "",
      `<details><summary>${title}: ${changes.length} field${changes.length === 1 ? "" : "s"}</summary>`,
      "",
      "| field | before | after |",
      "| --- | --- | --- |",
      ...kept,
      ...(left > 0 ? ["", `…and ${left} more fields.`] : []),
      "",
      "</details>",
    ]);
  };
  if (diff.event.length > 0) table("Event", diff.event);
  for (const [label, list] of [
    ["Teams", diff.teams],
    ["Projects", diff.projects],
  ] as const) {
    const line = collectionLine(list, budget.chars / 8);
    if (line === undefined) continue;
    blocks.push(["", `**${label}**: ${line}`]);
    for (const entry of list.changed) table(mdCode(entry.slug), entry.fields);
  }
  // Whole blocks only, so no table or <details> is ever cut open.
  const out: string[] = [];
  let chars = 0;
  let shown = 0;
  for (const block of blocks) {
    chars += block.reduce((n, l) => n + l.length + 1, 0);
    if (chars > budget.chars) break;
    out.push(...block);
    shown += 1;
  }
  if (shown < blocks.length)
    out.push("", `…and ${blocks.length - shown} more changed entries, ${SEE_SUMMARY}.`);
  return out.slice(1);
}

function collectionLine(c: CollectionDiff, maxChars: number): string | undefined {
  const parts = [
    ["added", c.added],
    ["changed", c.changed.map((e) => e.slug)],
    ["removed", c.removed],
  ] as const;
  const said = parts.filter(([, slugs]) => slugs.length > 0);
  if (said.length === 0) return undefined;
  return said
    .map(([verb, slugs]) => {
      const { kept, left } = fitRows(
        slugs.map((s) => mdCode(s)),
        { rows: slugs.length, chars: maxChars / said.length },
      );
      return `${verb} ${kept.join(", ")}${left > 0 ? ` and ${left} more` : ""}`;
    })
    .join("; ");
}

/** `1 team added, 2 projects changed`: the table's one-line summary of a diff. */
export function diffCounts(diff: ApiDiff | null): string {
  if (diff === null) return "not built";
  if (isEmptyDiff(diff)) return "no change";
  const parts: string[] = [];
  if (diff.event.length > 0) parts.push("event changed");
  for (const [noun, c] of [
    ["team", diff.teams],
    ["project", diff.projects],
  ] as const) {
    for (const [verb, n] of [
      ["added", c.added.length],
      ["changed", c.changed.length],
      ["removed", c.removed.length],
    ] as const)
      if (n > 0) parts.push(`${n} ${noun}${n === 1 ? "" : "s"} ${verb}`);
  }
  return parts.join(", ");
}
