import { JSON_TYPE, type DocumentKind } from "../document.ts";
import { projectImages } from "../pages/parts.ts";
import { contactHref } from "../url-policy.ts";

// The lists' filters search every record in the browser. The API's lists carry whole descriptions
// (21 MB of projects.json at 10,000 projects); these indexes carry only what a card shows and the
// search reads, written compactly. They are the site's own files, not part of the API contract.

export const PROJECT_INDEX_PATH = "search/projects.json";
export const TEAM_INDEX_PATH = "search/teams.json";

export const projectSearchIndex: DocumentKind = {
  name: "project-search-index",
  path: PROJECT_INDEX_PATH,
  mediaType: JSON_TYPE,
  description: "What the project gallery's filter and search read: one compact entry per project.",
  render: (model) => [
    {
      path: PROJECT_INDEX_PATH,
      body: `${JSON.stringify(
        model.projects.map((p) => {
          const image = projectImages(model, p)[0];
          return {
            slug: p.slug,
            title: p.title,
            tagline: p.tagline,
            track: p.track,
            robots: p.robots,
            awards: p.awards,
            // Site images relative to the site's root, so the gallery shows them at any address.
            image: image?.startsWith(model.baseUrl) ? image.slice(model.baseUrl.length) : (image ?? null),
            people: p.team.map((person) => person.name),
          };
        }),
      )}\n`,
    },
  ],
};

export const teamSearchIndex: DocumentKind = {
  name: "team-search-index",
  path: TEAM_INDEX_PATH,
  mediaType: JSON_TYPE,
  description: "What the team list's filter and search read: one compact entry per team.",
  render: (model) => [
    {
      path: TEAM_INDEX_PATH,
      body: `${JSON.stringify(
        model.teams.map((t) => ({
          slug: t.slug,
          name: t.name,
          lookingForMembers: t.lookingForMembers,
          members: t.members.length,
          projects: t.projects.map((p) => ({ slug: p.slug, title: p.title })),
          about: t.about,
          contact: contactHref(t.contact) ?? null,
          skillsWanted: t.skillsWanted,
          skillsPresent: t.skillsPresent,
        })),
      )}\n`,
    },
  ],
};
