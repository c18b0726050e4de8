import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { LoadedRecords } from "../load/load-records.ts";
import { recordsInvolved, type InvolvedRecord } from "./clash-records.ts";

/** A problem that stopped Publish: the validator's diagnostic, the records it involves, what to do. */
export interface PublishProblem {
  diagnostic: Diagnostic;
  /** Its own record first, then the records its words name. */
  records: InvolvedRecord[];
  /** What the organiser does about it, in one sentence without a full stop. */
  advice: string;
}

/** Said after every piece of advice: the build that failed deployed nothing. */
export const SITE_STAYS = "the site stays as it was until a build passes";

/** The errors that stopped the build, with the records each involves; warnings do not stop it. */
export function publishProblems(diagnostics: readonly Diagnostic[], loaded: LoadedRecords): PublishProblem[] {
  return diagnostics
    .filter((d) => d.severity === "error")
    .map((diagnostic) => {
      const records = recordsInvolved(diagnostic, loaded);
      return { diagnostic, records, advice: adviceFor(diagnostic, records.length) };
    });
}

/**
 * The organiser's next step. The rules that catch two records valid alone but not together say
 * which change settles it; for anything else, the validator's fix is the step.
 */
export function adviceFor(d: Diagnostic, involved: number): string {
  const kind = d.file.startsWith("records/projects/") ? "project" : "team";
  const two = involved > 1;
  const step =
    d.rule === "name-unique" && two
      ? kind === "project"
        ? "open a pull request that retitles one of the two projects"
        : "open a pull request that renames one of the two teams"
      : d.rule === "slug-collision" && two
        ? `open a pull request that removes or renames one of the two ${kind} files`
        : d.rule === "former-slugs" && two
          ? `open a pull request that removes the former slug from one of the two ${kind}s`
          : `open a pull request that fixes ${two ? "one of these records" : "this record"} as the fix says`;
  return `${step}; ${SITE_STAYS}`;
}
