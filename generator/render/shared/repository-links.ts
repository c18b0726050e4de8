import type { Model } from "../../derive/model.ts";

/** GitHub's web editor opens a branch by name (`edit/HEAD/…` does not work); forks keep `main`. */
const BRANCH = "main";

export interface RepositoryLinks {
  /** The repository's page. */
  home: string;
  /** GitHub's web editor on a team's or project's record; saving it proposes a pull request. */
  edit(kind: "team" | "project", slug: string): string;
  /** The issue form that updates a team or project, its slug filled in (the intake turns it into a pull request). */
  updateForm(kind: "team" | "project", slug: string): string;
  /** The issue form that registers a team. */
  registerForm: string;
}

/** Links into the event's repository, or undefined when the event names none (pages then leave them out). */
export function repositoryLinks(model: Model): RepositoryLinks | undefined {
  return repositoryLinksOf(model.event.repository);
}

/** Links into `repository` (`owner/name`), if there is one. */
export function repositoryLinksOf(repository: string | null): RepositoryLinks | undefined {
  if (!repository) return undefined;
  const home = `https://github.com/${repository}`;
  return {
    home,
    edit: (kind, slug) => `${home}/edit/${BRANCH}/records/${kind}s/${slug}.yaml`,
    updateForm: (kind, slug) => `${home}/issues/new?template=update-${kind}.yml&slug=${slug}`,
    registerForm: `${home}/issues/new?template=register-team.yml`,
  };
}
