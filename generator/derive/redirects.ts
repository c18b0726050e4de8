import type { Model } from "./model.ts";
import { projectPath, teamPath } from "./derive-model.ts";

export interface Redirect {
  kind: "teams" | "projects";
  from: string;
  to: string;
  /** The old and current pages' site paths, and the current page's absolute address. */
  fromPath: string;
  toPath: string;
  toUrl: string;
  /** The record's name or title, for the old page's text. */
  name: string;
}

/** Every former slug of every team and project, with where its old page now leads. */
export function redirects(model: Model): Redirect[] {
  return [
    ...model.teams.flatMap((t) =>
      t.formerSlugs.map((from) => ({
        kind: "teams" as const,
        from,
        to: t.slug,
        fromPath: teamPath(from),
        toPath: teamPath(t.slug),
        toUrl: t.url,
        name: t.name,
      })),
    ),
    ...model.projects.flatMap((p) =>
      p.formerSlugs.map((from) => ({
        kind: "projects" as const,
        from,
        to: p.slug,
        fromPath: projectPath(from),
        toPath: projectPath(p.slug),
        toUrl: p.url,
        name: p.title,
      })),
    ),
  ];
}
