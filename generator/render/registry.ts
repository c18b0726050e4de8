import { eventJson } from "./api/event-json.ts";
import { indexJson } from "./api/index-json.ts";
import { notFound } from "./api/not-found.ts";
import { projectsJson } from "./api/projects-json.ts";
import { projectJson, teamJson } from "./api/record-json.ts";
import { teamsJson } from "./api/teams-json.ts";
import { editionsJson } from "./api/editions-json.ts";
import { editionsPage } from "./pages/editions-page.ts";
import { robotsTxt } from "./crawl/robots-txt.ts";
import { sitemapXml } from "./crawl/sitemap-xml.ts";
import type { DocumentKind } from "./shared/document.ts";
import { agentCard } from "./discovery/agent-card.ts";
import { agentSkills } from "./discovery/agent-skills.ts";
import { agentsMd } from "./discovery/agents-md.ts";
import { aiCatalog } from "./discovery/ai-catalog.ts";
import { apiCatalog } from "./discovery/api-catalog.ts";
import { authMd } from "./discovery/auth-md.ts";
import { llmsFullTxt } from "./discovery/llms-full-txt.ts";
import { llmsTxt } from "./discovery/llms-txt.ts";
import { openapiJson } from "./discovery/openapi-json.ts";
import { headersFile } from "./host/headers-file.ts";
import { redirectsFile } from "./host/redirects-file.ts";
import { assignmentJson } from "./judging/assignment-json.ts";
import { judgeLists } from "./judging/judge-lists.ts";
import { judgingPages } from "./judging/judging-pages.ts";
import { livePage } from "./expo/live-page.ts";
import { expoPages } from "./expo/expo-pages.ts";
import { tableCards } from "./expo/table-cards.ts";
import { eventCalendar } from "./calendar/event-ics.ts";
import { feeds } from "./feeds/feeds.ts";
import { noJekyll } from "./nojekyll.ts";
import { developersPage } from "./pages/developers-page.ts";
import { handbookPage } from "./pages/handbook-page.ts";
import { homePage } from "./pages/home-page.ts";
import { projectListPage } from "./pages/project-list-page.ts";
import { projectPage } from "./pages/project-page.ts";
import { redirectPages } from "./pages/redirect-pages.ts";
import { teamListPage } from "./pages/team-list-page.ts";
import { teamPage } from "./pages/team-page.ts";
import { projectSearchIndex, teamSearchIndex } from "./search/search-index.ts";
import { eventStyles, favicon, judgingScript, script, styles } from "./shared/theme.ts";

/**
 * Every document the site publishes, listed once. Order is the order of api/index.json; documents
 * that describe the rendered site (the sitemap) come after the pages they list.
 */
export const documents: readonly DocumentKind[] = [
  indexJson,
  eventJson,
  teamsJson,
  projectsJson,
  editionsJson,
  teamJson,
  projectJson,
  notFound,
  openapiJson,
  apiCatalog,
  agentCard,
  agentSkills,
  aiCatalog,
  llmsTxt,
  llmsFullTxt,
  agentsMd,
  authMd,
  ...feeds,
  eventCalendar,
  homePage,
  teamListPage,
  teamPage,
  projectListPage,
  projectPage,
  redirectPages,
  editionsPage,
  handbookPage,
  developersPage,
  livePage,
  expoPages,
  tableCards,
  projectSearchIndex,
  teamSearchIndex,
  assignmentJson,
  judgingPages,
  judgeLists,
  styles.kind,
  eventStyles.kind,
  script.kind,
  judgingScript.kind,
  favicon.kind,
  robotsTxt,
  noJekyll,
  headersFile,
  redirectsFile,
  sitemapXml,
];
