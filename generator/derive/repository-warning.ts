import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import { at } from "../validate/rule.ts";
import type { Model } from "./model.ts";

export const REPOSITORY_RULE = "event-repository-unknown";

/**
 * A warning when the build knows no repository for the current edition (a local build of an event
 * without `repository:`; GitHub Actions names it): its pages then link no form to register, submit
 * or change a record, and say nothing to visitors about why, so the organiser is told here, where
 * `npm run validate`, the build and `npm run dev` show it. An archived edition links no form anyway.
 */
export function repositoryWarnings(model: Model, event: RecordFile): Diagnostic[] {
  if (model.event.repository || model.phase.archived) return [];
  return [
    at(event, ["repository"], {
      severity: "warning",
      rule: REPOSITORY_RULE,
      message:
        "the event names no GitHub repository, so its pages link no form to register a team, submit a project or change a record",
      expected: "repository: owner/name (or a build in GitHub Actions, which names it)",
      found: "no repository",
      fix: "Set repository: owner/name in records/event.yaml; a build in GitHub Actions knows it already.",
    }),
  ];
}
