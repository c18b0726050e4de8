import { eventJson } from "./api/event-json.ts";
import { indexJson } from "./api/index-json.ts";
import { notFound } from "./api/not-found.ts";
import { projectsJson } from "./api/projects-json.ts";
import { teamsJson } from "./api/teams-json.ts";
import type { DocumentKind } from "./document.ts";
import { noJekyll } from "./nojekyll.ts";
import { developersPage } from "./pages/developers-page.ts";
import { homePage } from "./pages/home-page.ts";
import { projectPage } from "./pages/project-page.ts";
import { teamPage } from "./pages/team-page.ts";

/** Every document the site publishes, listed once. Order is the order of api/index.json. */
export const documents: readonly DocumentKind[] = [
  indexJson,
  eventJson,
  teamsJson,
  projectsJson,
  notFound,
  homePage,
  developersPage,
  teamPage,
  projectPage,
  noJekyll,
];
