import { projectPath } from "../../derive/derive-model.ts";
import type { ProjectEntry, TeamEntry } from "../../derive/model.ts";
import { HTML_TYPE, htmlOutput, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { layout } from "../shared/layout.ts";
import { recordJsonPath } from "../api/record-json.ts";
import { markdownRenderer } from "../shared/markdown.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { repositoryLinks } from "../shared/repository-links.ts";
import { safeHref } from "../shared/url-policy.ts";
import { videoEmbed, videoPoster } from "../shared/video-embed.ts";
import { awardBadges } from "../shared/cards.ts";
import { personLink, projectImages, tagList, text, trackName } from "../shared/parts.ts";

// Descriptions are typed into forms: single line breaks count, and their headings sit below the page's h2.
const description = markdownRenderer({ breaks: true, headingOffset: 2 });

/** One page per project: what it is, its track and robots, team, links, description and images. */
export const projectPage: DocumentKind = {
  name: "project-page",
  path: "projects/<slug>.html",
  mediaType: HTML_TYPE,
  description: "One page per project.",
  sitemap: true,
  *render(model, site) {
    const teams = new Map(model.teams.map((t) => [t.slug, t]));
    const repo = repositoryLinks(model);
    for (const p of model.projects) {
      const images = projectImages(model, p);
      const local = linksFrom(model.baseUrl, projectPath(p.slug));
      const body = html`<p><a href="${local("projects/")}">All projects</a></p>
<h1 dir="auto">${p.title}</h1>
<p class="lede" dir="auto">${p.tagline}</p>
${awardBadges(p.awards)}<dl class="facts">
<dt>Track</dt><dd>${trackName(model, p.track)}</dd>
<dt>Robots</dt><dd>${tagList(p.robots, "No robots listed: simulation or software only.", "Robots")}</dd>
${p.builtWith.length ? html`<dt>Built with</dt><dd>${tagList(p.builtWith, "", "Built with")}</dd>\n` : ""}<dt>Team</dt><dd>${team(p, p.teamSlug ? teams.get(p.teamSlug) : undefined, local)}</dd>
${link("Demo", p.demo)}${link("Repository", p.repo)}${link("Video or slides", p.video)}${p.license ? html`<dt>Licence</dt><dd>${text(p.license)}</dd>\n` : ""}</dl>
${video(p)}<section class="description" aria-labelledby="about">
<h2 id="about">About the project</h2>
<div dir="auto">
${description(p.description, { baseUrl: model.baseUrl, local })}</div>
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
      yield htmlOutput(
        projectPath(p.slug),
        layout(model, site, {
          path: projectPath(p.slug),
          title: p.title,
          description: p.tagline,
          body,
          licence: "submitters",
          json: recordJsonPath("projects", p.slug),
          ...(image ? { image } : {}),
        }),
      );
    }
  },
};

function team(p: ProjectEntry, entry: TeamEntry | undefined, local: (url: string) => string) {
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
