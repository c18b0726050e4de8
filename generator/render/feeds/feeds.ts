import type { Model, TeamEntry } from "../../derive/model.ts";
import type { DocumentKind } from "../document.ts";
import { ATOM_TYPE, atomFeed, type FeedEntry } from "./atom-feed.ts";

/** `teams` and `projects` entries with the time their record last changed. */
const updated = (times: ReadonlyMap<string, string>, model: Model, slug: string) =>
  times.get(slug) ?? model.generatedAt;

const teamEntry = (model: Model, team: TeamEntry, summary: string): FeedEntry => ({
  title: team.name,
  url: team.url,
  updated: updated(model.updatedAt.teams, model, team.slug),
  summary,
  categories: team.skillsWanted,
});

const wanted = (team: TeamEntry) =>
  team.skillsWanted.length > 0 ? `looking for ${team.skillsWanted.join(", ")}` : "looking for members";

const projectsFeed: DocumentKind = {
  name: "projects-feed",
  path: "feeds/projects.xml",
  mediaType: ATOM_TYPE,
  description: "Atom feed of submitted projects, newest change first.",
  feed: { title: "Projects" },
  render(model) {
    const tracks = new Map(model.event.tracks.map((t) => [t.id, t.name]));
    const entries = model.projects.map((p) => ({
      title: p.title,
      url: p.url,
      updated: updated(model.updatedAt.projects, model, p.slug),
      summary: p.tagline,
      categories: [...(p.track ? [tracks.get(p.track) ?? p.track] : []), ...p.robots],
    }));
    const title = `${model.event.name}: projects`;
    const description = `Projects submitted to ${model.event.name}.`;
    return [
      {
        path: this.path,
        body: atomFeed(model, { path: this.path, title, description, page: "projects/", entries }),
      },
    ];
  },
};

const teamsFeed: DocumentKind = {
  name: "teams-feed",
  path: "feeds/teams.xml",
  mediaType: ATOM_TYPE,
  description: "Atom feed of registered teams, newest change first.",
  feed: { title: "Teams" },
  render(model) {
    const entries = model.teams.map((t) =>
      teamEntry(
        model,
        t,
        `${t.members.length} member${t.members.length === 1 ? "" : "s"}${t.lookingForMembers ? `, ${wanted(t)}` : ""}.`,
      ),
    );
    const title = `${model.event.name}: teams`;
    const description = `Teams registered for ${model.event.name}.`;
    return [
      {
        path: this.path,
        body: atomFeed(model, { path: this.path, title, description, page: "teams/", entries }),
      },
    ];
  },
};

const recruitingFeed: DocumentKind = {
  name: "recruiting-feed",
  path: "feeds/recruiting.xml",
  mediaType: ATOM_TYPE,
  description: "Atom feed of teams looking for members, with the skills they want.",
  feed: { title: "Teams looking for members" },
  render(model) {
    const entries = model.teams
      .filter((t) => t.lookingForMembers)
      .map((t) => teamEntry(model, t, `${t.name} is ${wanted(t)}.`));
    const title = `${model.event.name}: teams looking for members`;
    const description = `Teams of ${model.event.name} that are looking for members, and the skills they want.`;
    return [
      {
        path: this.path,
        body: atomFeed(model, { path: this.path, title, description, page: "teams/", entries }),
      },
    ];
  },
};

/** Every feed, listed once: the registry publishes them, and every page's head links them. */
export const feeds: readonly DocumentKind[] = [projectsFeed, teamsFeed, recruitingFeed];
