import { FORM_TEXTS } from "../../intake/form-texts.ts";
import { INTAKE_MARKER } from "../intake/run.ts";
import { UNANSWERED_QUERY } from "../pull-query.ts";
import { commentOf, nodes } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

const FORMS = Object.values(FORM_TEXTS);

/**
 * Open issues opened from an intake form (a form's `intake:` label, or its title) that carry no
 * answer of the intake: no pull request was opened and nothing was said, so its run never
 * finished (GitHub's limit, or a run lost). Oldest first; the intake decides the rest.
 */
export async function findUnanswered(graphql: Graphql, repository: string, first: number): Promise<number[]> {
  const [owner, name] = repository.split("/");
  const data = (await graphql(UNANSWERED_QUERY, { owner, name, first })) as {
    repository: { issues: unknown };
  };
  return nodes(data.repository.issues)
    .filter((issue) => {
      const labels = nodes(issue.labels).map((l) => String(l.name));
      const title = String(issue.title ?? "");
      const form = FORMS.some((f) => labels.includes(f.label) || title.startsWith(f.title));
      const answered = nodes(issue.comments)
        .map(commentOf)
        .some((c) => c.bot && c.body.startsWith(INTAKE_MARKER));
      return form && !answered;
    })
    .map((issue) => Number(issue.number));
}
