import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { pickAnnotations, toAnnotation, type Annotation } from "../report/annotations.ts";
import type { Arrival } from "./brought-by.ts";
import type { PublishProblem } from "./publish-problems.ts";

/**
 * Publish's error annotations: one on each record a problem involves, at its line, so a clash
 * points at both teams. Each says the validator's words, the pull request that last brought that
 * record to the branch, and what to do; Validate's own picking and wording (annotations.ts) keep
 * them within GitHub's cap and on one line, and @actions/core escapes them as workflow commands.
 */
export function publishAnnotations(
  problems: readonly PublishProblem[],
  arrivals: ReadonlyMap<string, Arrival>,
): { annotations: Annotation[]; left: number } {
  const all: Diagnostic[] = problems.flatMap(({ diagnostic: d, records, advice }) =>
    records.map((r, i) => ({
      ...d,
      ...r,
      message: `${sentence(i === 0 ? d.message : `Clashes with ${d.file}:${d.line}:${d.column}: ${d.message}`)} ${arrivalSentence(arrivals.get(r.file))}`,
      fix: `${d.fix ? `${sentence(d.fix)} ` : ""}To publish again: ${advice}.`,
    })),
  );
  const picked = pickAnnotations(all);
  return { annotations: picked.map(toAnnotation), left: all.length - picked.length };
}

function arrivalSentence(arrival: Arrival | undefined): string {
  if (!arrival) return "Git does not say which commit brought this record.";
  const short = arrival.sha.slice(0, 7);
  return arrival.pull === undefined
    ? `Last changed by commit ${short}, which names no pull request.`
    : `Last brought to the branch by pull request #${arrival.pull} (commit ${short}).`;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
