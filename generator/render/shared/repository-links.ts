import type { FormKind } from "../../load/forms/form-texts.ts";
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
  /** The issue form that submits a project. */
  submitForm: string;
  /** A new issue from one of the event's forms (`.github/ISSUE_TEMPLATE/<kind>.yml`). */
  form(kind: FormKind): string;
  /** A folder or file of the repository on its branch, such as `records/teams/`. */
  path(path: string): string;
}

/** Links into the event's repository, or undefined when the event names none (pages then leave them out). */
export function repositoryLinks(model: Model): RepositoryLinks | undefined {
  return repositoryLinksOf(model.event.repository);
}

/** Links into `repository` (`owner/name`), if there is one. */
export function repositoryLinksOf(repository: string | null): RepositoryLinks | undefined {
  if (!repository) return undefined;
  const home = `https://github.com/${repository}`;
  const form = (kind: FormKind) => `${home}/issues/new?template=${kind}.yml`;
  return {
    home,
    edit: (kind, slug) => `${home}/edit/${BRANCH}/records/${kind}s/${slug}.yaml`,
    updateForm: (kind, slug) => `${form(`update-${kind}`)}&slug=${slug}`,
    registerForm: form("register-team"),
    submitForm: form("submit-project"),
    form,
    // GitHub shows a folder under tree/ and a file under blob/, and sends either to the other.
    path: (path) =>
      `${home}/${path.endsWith("/") || !/\.[^/]+$/.test(path) ? "tree" : "blob"}/${BRANCH}/${path}`,
  };
}
