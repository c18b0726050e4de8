import { posix } from "node:path";
import type { Model } from "../../derive/model.ts";
import { FORM_KINDS, type FormKind } from "../../load/forms/form-texts.ts";
import { FORMS_DIR } from "../../load/forms/form-files.ts";
import { HANDBOOK_DIR } from "../../load/load-handbook.ts";
import { repositoryLinks } from "./repository-links.ts";

/**
 * Where a handbook chapter's link goes, written as a link that works on GitHub too:
 * `20-register-a-team.md#fields` becomes that chapter's page; a path into the repository
 * (`../../records/teams/`) its folder or file on GitHub, and a form's file
 * (`../../.github/ISSUE_TEMPLATE/register-team.yml`) a new issue from that form. Undefined leaves the
 * link to the URL policy, which drops a path that climbs out of the site: with no repository known
 * the words stay, unlinked, and no link leads nowhere. So do a form's in an archived edition.
 */
export function handbookLinks(model: Model): (href: string) => string | undefined {
  const byFile = new Map(model.handbook.map((h) => [h.file.slice(h.file.lastIndexOf("/") + 1), h]));
  const repo = repositoryLinks(model);
  return (href) => {
    const match = /^(?:\.\/)?([^/#?]+\.md)(#.*)?$/.exec(href);
    const target = match ? byFile.get(match[1]!) : undefined;
    if (target) return target.url + (match![2] ?? "");
    const inRepository = /^(\.\.\/[^?#]*)(#.*)?$/.exec(href);
    if (!repo || !inRepository) return undefined;
    const path = posix.normalize(posix.join(HANDBOOK_DIR, inRepository[1]!));
    if (path.startsWith("../") || path === ".." || path.startsWith("/")) return undefined;
    const form = formOf(path);
    // An archived edition's chapters call no one to register or submit: the repository's forms
    // are the current edition's now, so the words stay, unlinked (derive/edition-phase.ts).
    if (form) return model.phase.archived ? undefined : repo.form(form);
    return repo.path(path === "./" ? "" : path) + (inRepository[2] ?? "");
  };
}

function formOf(path: string): FormKind | undefined {
  const kind = path.startsWith(`${FORMS_DIR}/`) ? path.slice(FORMS_DIR.length + 1).replace(/\.yml$/, "") : "";
  return (FORM_KINDS as readonly string[]).includes(kind) ? (kind as FormKind) : undefined;
}
