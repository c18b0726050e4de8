import type { ApiDiff, CollectionDiff } from "../diff/api-diff.ts";
import { isEmptyDiff } from "../diff/api-diff.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatSummary } from "../diagnostics/format-line.ts";
import type { OwnershipVerdict } from "../ownership/decide-ownership.ts";
import { mdCode, mdLink, mdText, mdValue } from "./markdown-text.ts";

/** Markdown blocks shared by the job summary and the pull-request comment. */

/** Where a problem is; a link to the exact line when the caller knows the commit. */
export type LineLink = (d: Diagnostic) => string | undefined;

export function problemsTable(diagnostics: readonly Diagnostic[], link: LineLink, limit: number): string[] {
  if (diagnostics.length === 0) return ["No problems: every record is valid."];
  const rows = diagnostics.slice(0, limit).map((d) => {
    const where = mdText(`${d.file}:${d.line}:${d.column}`);
    const url = link(d);
    const icon = d.severity === "error" ? "❌" : "⚠️";
    const fix = d.fix ? ` Fix: ${mdText(d.fix, 400)}` : "";
    return `| ${icon} | ${url ? mdLink(where, url) : where} | ${mdCode(d.rule)} | ${mdText(d.message, 400)}${fix} |`;
  });
  const more = diagnostics.length - rows.length;
  return [
    `${formatSummary(diagnostics)}.`,
    "",
    "| | where | rule | problem |",
    "| --- | --- | --- | --- |",
    ...rows,
    ...(more > 0 ? ["", `…and ${more} more, listed in the Validate run's job summary.`] : []),
  ];
}

export function ownershipTable(verdict: OwnershipVerdict): string[] {
  const who = verdict.organiser
    ? `${mdCode(verdict.author)} is an organiser and may change anything.`
    : verdict.allowed
      ? `${mdCode(verdict.author)} may make every change in this pull request.`
      : `${mdCode(verdict.author)} may not make every change in this pull request: an organiser must review the ones marked ❌.`;
  if (verdict.files.length === 0) return [who];
  return [
    who,
    "",
    "| | file | change | why |",
    "| --- | --- | --- | --- |",
    ...verdict.files.map(
      (f) => `| ${f.allowed ? "✅" : "❌"} | ${mdCode(f.path)} | ${f.status} | ${mdText(f.reason)} |`,
    ),
  ];
}

/** One line per kind of entry, then a table of field changes per changed entry, up to `limit` rows. */
export function diffSection(diff: ApiDiff | null, limit: number): string[] {
  if (diff === null) return ["The records do not build, so there is nothing to compare yet."];
  if (isEmptyDiff(diff)) return ["Merging changes nothing in the published API."];
  const out: string[] = [];
  let budget = limit;
  const table = (title: string, changes: ApiDiff["event"]) => {
    const rows = changes.slice(0, Math.max(0, budget));
    budget -= rows.length;
    out.push(
      "",
      `<details><summary>${title}: ${changes.length} field${changes.length === 1 ? "" : "s"}</summary>`,
      "",
    );
    out.push("| field | before | after |", "| --- | --- | --- |");
    out.push(...rows.map((c) => `| ${mdCode(c.path)} | ${mdValue(c.before)} | ${mdValue(c.after)} |`));
    if (rows.length < changes.length) out.push("", `…and ${changes.length - rows.length} more fields.`);
    out.push("", "</details>");
  };
  if (diff.event.length > 0) table("Event", diff.event);
  for (const [label, list] of [
    ["Teams", diff.teams],
    ["Projects", diff.projects],
  ] as const) {
    const line = collectionLine(list);
    if (line === undefined) continue;
    out.push("", `**${label}**: ${line}`);
    for (const entry of list.changed) table(mdCode(entry.slug), entry.fields);
  }
  return out.slice(1);
}

function collectionLine(c: CollectionDiff): string | undefined {
  const parts = [
    ["added", c.added],
    ["changed", c.changed.map((e) => e.slug)],
    ["removed", c.removed],
  ] as const;
  const said = parts.filter(([, slugs]) => slugs.length > 0);
  if (said.length === 0) return undefined;
  return said.map(([verb, slugs]) => `${verb} ${slugs.map((s) => mdCode(s)).join(", ")}`).join("; ");
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
