import { FORM_TEXTS } from "../../load/forms/form-texts.ts";
import { INTAKE_MARKER } from "../intake/run.ts";
import { UNANSWERED_QUERY } from "../pull-query.ts";
import { commentOf, hasMore, nodes, type Node } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

const FORMS = Object.values(FORM_TEXTS);

/**
 * Open issues opened from an intake form (a form's `intake:` label, or its title) that carry no
 * answer of the intake among all their comments: no pull request was opened and nothing was said,
 * so its run never finished (GitHub's limit, or a run lost). Oldest first, every page of open
 * issues (a page costs a point), up to `pages`; the intake decides the rest. An issue with over a
 * hundred comments is one the intake refuses to take in: an organiser's, never the sweep's.
 */
export async function findUnanswered(
  graphql: Graphql,
  repository: string,
  limit: { pages: number; perPage: number },
): Promise<number[]> {
  const [owner, name] = repository.split("/");
  const found: number[] = [];
  let after: string | null = null;
  for (let page = 0; page < limit.pages; page++) {
    const data = (await graphql(UNANSWERED_QUERY, { owner, name, first: limit.perPage, after })) as {
      repository: { issues: Node };
    };
    const issues = data.repository.issues;
    for (const issue of nodes(issues)) {
      const labels = nodes(issue.labels).map((l) => String(l.name));
      const title = String(issue.title ?? "");
      const form = FORMS.some((f) => labels.includes(f.label) || title.startsWith(f.title));
      const answered = nodes(issue.comments)
        .map(commentOf)
        .some((c) => c.bot && c.body.startsWith(INTAKE_MARKER));
      if (form && !answered && !hasMore(issue.comments)) found.push(Number(issue.number));
    }
    if (!hasMore(issues)) break;
    after = String((issues.pageInfo as Node).endCursor);
  }
  return found;
}
