import type { Model } from "../derive/model.ts";
import { recordText } from "../scaffold/new-record.ts";

/** GitHub's web editor opens a branch by name (`edit/HEAD/…` does not work); forks keep `main`. */
const BRANCH = "main";

export interface RepositoryLinks {
  /** The repository's page. */
  home: string;
  /** GitHub's web editor on a team's or project's record; saving it proposes a pull request. */
  edit(kind: "team" | "project", slug: string): string;
  /** GitHub's new-file editor in records/teams/, prefilled with a team template that validates. */
  newTeam: string;
}

/** Links into the event's repository, or undefined when the event names none (pages then leave them out). */
export function repositoryLinks(model: Model): RepositoryLinks | undefined {
  const repository = model.event.repository;
  if (!repository) return undefined;
  const home = `https://github.com/${repository}`;
  const template = encodeURIComponent(recordText("team", "Your team name"));
  return {
    home,
    edit: (kind, slug) => `${home}/edit/${BRANCH}/records/${kind}s/${slug}.yaml`,
    newTeam: `${home}/new/${BRANCH}/records/teams?filename=your-team-name.yaml&value=${template}`,
  };
}
