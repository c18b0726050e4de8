import { ACTIONS_BOT, type GithubModel, type Pull, type User } from "./github-model/github-model.ts";

/** Pull requests as Report left them, and the enqueue run's board read back, for the queue's tests. */
export const OWNERSHIP = "hackathon-registry / ownership";
export const GREEN = { state: "success", description: "ada may make every change" };
export const LATE = {
  state: "failure",
  description:
    "late: validated 1 Dec 2026, 10:02; submissions closed 1 Dec 2026, 10:00; an organiser may accept it by approving",
};
export const REFUSED = { state: "failure", description: "records/teams/robots.yaml lists tortega, not bo" };

const teamFile = (name: string, handle: string) =>
  `name: ${name}\nlookingForMembers: true\nskillsWanted: [ROS 2]\nmembers:\n  - name: ${handle}\n    github: ${handle}\n`;

/** A pull request adding team `slug`, validated, with Report's verdict on its head (none: no status). */
export function teamPull(
  model: GithubModel,
  author: string,
  slug: string,
  verdict?: { state: string; description: string },
  { by = ACTIONS_BOT, title = `Add team ${slug}` }: { by?: User; title?: string } = {},
): Pull {
  model.push(`${author}/sprint`, slug, { [`records/teams/${slug}.yaml`]: teamFile(`Team ${slug}`, author) });
  const pr = model.openPull(author, `${author}:${slug}`, "main", title);
  model.finishRun({
    path: ".github/workflows/validate.yml",
    event: "pull_request",
    head_sha: pr.head.sha,
    head_branch: slug,
    head_repository: `${author}/sprint`,
    conclusion: "success",
  });
  if (verdict) setStatus(model, pr, verdict.state, verdict.description, by);
  return pr;
}

export function setStatus(
  model: GithubModel,
  pr: Pull,
  state: string,
  description: string,
  by = ACTIONS_BOT,
) {
  model.statuses.push({
    sha: pr.head.sha,
    state,
    context: OWNERSHIP,
    description,
    target_url: null,
    creator: by,
    created_at: model.isoNow(),
  });
}

/** The rows of one section of the board: each row's pull request number and why, as written. */
export function section(summary: string, title: string): Array<[number, string]> {
  const start = summary.indexOf(`## ${title} (`);
  if (start < 0) return [];
  const end = summary.indexOf("\n## ", start + 1);
  return summary
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((l) => l.startsWith("| [#"))
    .map((l) => {
      const cells = l.split(/(?<!\\)\|/).map((c) => c.trim());
      return [Number(/#(\d+)/.exec(cells[1]!)![1]), cells[4]!];
    });
}

export const numbers = (prs: readonly Pull[]) => prs.map((p) => p.number);
