import type { Model, TeamEntry } from "../../derive/model.ts";
import type { DocumentKind } from "../shared/document.ts";
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

/** One feed document: what it lists, under which titles, and which page it stands for. */
function feedKind(spec: {
  name: string;
  path: string;
  description: string;
  /** The short title pages' heads and api/index.json use; the feed's own title adds the event. */
  title: string;
  about: (event: string) => string;
  page: string;
  entries: (model: Model) => FeedEntry[];
}): DocumentKind {
  const { name, path, description, title, about, page, entries } = spec;
  return {
    name,
    path,
    mediaType: ATOM_TYPE,
    description,
    feed: { title },
    render: (model) => [
      {
        path,
        body: atomFeed(model, {
          path,
          title: `${model.event.name}: ${title.toLowerCase()}`,
          description: about(model.event.name),
          page,
          entries: entries(model),
        }),
      },
    ],
  };
}

const projectsFeed = feedKind({
  name: "projects-feed",
  path: "feeds/projects.xml",
  description: "Atom feed of submitted projects, newest change first.",
  title: "Projects",
  about: (event) => `Projects submitted to ${event}.`,
  page: "projects/",
  entries(model) {
    const tracks = new Map(model.event.tracks.map((t) => [t.id, t.name]));
    return model.projects.map((p) => ({
      title: p.title,
      url: p.url,
      updated: updated(model.updatedAt.projects, model, p.slug),
      summary: p.tagline,
      categories: [...(p.track ? [tracks.get(p.track) ?? p.track] : []), ...p.robots],
    }));
  },
});

const teamsFeed = feedKind({
  name: "teams-feed",
  path: "feeds/teams.xml",
  description: "Atom feed of registered teams, newest change first.",
  title: "Teams",
  about: (event) => `Teams registered for ${event}.`,
  page: "teams/",
  entries: (model) =>
    model.teams.map((t) =>
      teamEntry(
        model,
        t,
        `${t.members.length} member${t.members.length === 1 ? "" : "s"}${t.lookingForMembers ? `, ${wanted(t)}` : ""}.`,
      ),
    ),
});

const recruitingFeed = feedKind({
  name: "recruiting-feed",
  path: "feeds/recruiting.xml",
  description: "Atom feed of teams looking for members, with the skills they want.",
  title: "Teams looking for members",
  about: (event) => `Teams of ${event} that are looking for members, and the skills they want.`,
  page: "teams/",
  entries: (model) =>
    model.teams
      .filter((t) => t.lookingForMembers)
      .map((t) => teamEntry(model, t, `${t.name} is ${wanted(t)}.`)),
});

/** Every feed, listed once: the registry publishes them, and every page's head links them. */
export const feeds: readonly DocumentKind[] = [projectsFeed, teamsFeed, recruitingFeed];
