import type { KeptParts } from "../../cache/rendered-parts.ts";
import { projectPath } from "../../derive/derive-model.ts";
import type { ProjectEntry } from "../../derive/model.ts";
import { fromView, HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html, raw, type Html } from "../shared/html.ts";
import { frameView, layout, type FrameView } from "../shared/layout.ts";
import { recordJsonPath } from "../api/record-json.ts";
import { markdownRenderer } from "../shared/markdown.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { repositoryLinksOf } from "../shared/repository-links.ts";
import { safeHref } from "../shared/url-policy.ts";
import { videoEmbed, videoPoster } from "../shared/video-embed.ts";
import { awardBadges } from "../shared/cards.ts";
import { tableFacts } from "../shared/expo-table.ts";
import { imageSources, personLink, tagList, text, trackName } from "../shared/parts.ts";

// Descriptions are typed into forms: single line breaks count, and their headings sit below the page's h2.
const description = markdownRenderer({ breaks: true, headingOffset: 2 });

/**
 * What a project's page shows: its entry, its team's name and page, its track's name, and the site
 * frame. The team's are text, not an object made for each page, so a view's hash costs no JSON.
 */
export interface ProjectView {
  frame: FrameView;
  project: ProjectEntry;
  teamName: string | null;
  teamUrl: string | null;
  track: string;
}

/** One page per project: what it is, its track and robots, team, links, description and images. */
export const projectPage: DocumentKind = {
  name: "project-page",
  path: "projects/<slug>.html",
  mediaType: HTML_TYPE,
  description: "One page per project.",
  sitemap: true,
  *render(model, site) {
    const teams = new Map(model.teams.map((t) => [t.slug, t]));
    const frame = frameView(model, site);
    for (const project of model.projects) {
      const entry = project.teamSlug === null ? undefined : teams.get(project.teamSlug);
      const view: ProjectView = {
        frame,
        project,
        teamName: entry?.name ?? null,
        teamUrl: entry?.url ?? null,
        track: trackName(model, project.track),
      };
      yield fromView(projectPath(project.slug), view, (v: ProjectView) => renderProjectPage(v, site.parts));
    }
  },
};

function renderProjectPage(
  { frame, project: p, teamName, teamUrl, track }: ProjectView,
  parts?: KeptParts,
): string {
  const images = imageSources(p.images, frame.baseUrl);
  const local = linksFrom(frame.baseUrl, projectPath(p.slug));
  const repo = repositoryLinksOf(frame.repository);
  const body = html`<p><a href="${local("projects/")}">All projects</a></p>
<h1 dir="auto">${p.title}</h1>
<p class="lede" dir="auto">${p.tagline}</p>
${awardBadges(p.awards)}<dl class="facts">
<dt>Track</dt><dd>${track}</dd>
<dt>Robots</dt><dd>${tagList(p.robots, "No robots listed.", "Robots")}</dd>
${p.builtWith.length ? html`<dt>Built with</dt><dd>${tagList(p.builtWith, "", "Built with")}</dd>\n` : ""}${tableFacts(p)}<dt>Team</dt><dd>${team(p, teamName !== null && teamUrl !== null ? { name: teamName, url: teamUrl } : undefined, local)}</dd>
${link("Demo", p.demo)}${link("Repository", p.repo)}${link("Video or slides", p.video)}${p.license ? html`<dt>Licence</dt><dd>${text(p.license)}</dd>\n` : ""}</dl>
${video(p)}<section class="description" aria-labelledby="about">
<h2 id="about">About the project</h2>
<div dir="auto">
${describe(p, frame.baseUrl, local, parts)}</div>
</section>
${
  images.length
    ? html`<h2 id="images">Images</h2>
<div class="shots">
${images.map((src, i) => html`<div class="thumb"><img src="${local(src)}" alt="Image ${i + 1} of ${images.length} for ${p.title}" loading="lazy" width="640" height="360"></div>\n`)}</div>`
    : ""
}
<p class="note">As data: <a href="${local(recordJsonPath("projects", p.slug))}">${recordJsonPath("projects", p.slug)}</a>, the entry with slug <code>${p.slug}</code> in <a href="${local("api/projects.json")}">api/projects.json</a>.</p>
${repo ? html`<p class="note"><a href="${repo.edit("project", p.slug)}">Edit this record</a> on GitHub, or <a href="${repo.updateForm("project", p.slug)}">update it with a form</a>: either proposes a pull request that a team member or an organiser merges.</p>\n` : ""}`;
  const image = images[0];
  return layout(frame, {
    path: projectPath(p.slug),
    title: p.title,
    description: p.tagline,
    body,
    licence: "submitters",
    json: recordJsonPath("projects", p.slug),
    ...(image ? { image } : {}),
  }).value;
}

/**
 * The description as HTML, taken from the parts an earlier build kept when it made them from the same
 * inputs: the Markdown, the base URL and this page's path, which its relative links are written from.
 */
function describe(p: ProjectEntry, baseUrl: string, local: (url: string) => string, parts?: KeptParts): Html {
  const make = () => description(p.description, { baseUrl, local }).value;
  const inputs = [baseUrl, projectPath(p.slug), p.description];
  return raw(parts ? parts.text("project-description", inputs, make) : make());
}

function team(
  p: ProjectEntry,
  entry: { name: string; url: string } | undefined,
  local: (url: string) => string,
) {
  const people = html`<ul class="people">
${p.team.map((person) => html`<li>${personLink(person)}</li>\n`)}</ul>`;
  return entry ? html`<a href="${local(entry.url)}" dir="auto">${entry.name}</a>\n${people}` : people;
}

/** A YouTube or Vimeo video behind its poster; any other video is only the link in the facts. */
function video(p: ProjectEntry) {
  const href = safeHref(p.video);
  const embed = videoEmbed(p.video);
  return href && embed ? videoPoster(p.title, href, embed) : "";
}

function link(label: string, url: string | null) {
  const href = safeHref(url);
  return href ? html`<dt>${label}</dt><dd><a href="${href}">${url}</a></dd>\n` : "";
}
