import { teamPath } from "../../derive/derive-model.ts";
import type { TeamEntry } from "../../derive/model.ts";
import { fromView, HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { frameView, layout, type FrameView } from "../shared/layout.ts";
import { recordJsonPath } from "../api/record-json.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { repositoryLinksOf } from "../shared/repository-links.ts";
import { contactHref } from "../shared/url-policy.ts";
import { personLink, tagList, text } from "../shared/parts.ts";

/** One page per team: whether it recruits (first, when it does), roster, skills, projects. */
export const teamPage: DocumentKind = {
  name: "team-page",
  path: "teams/<slug>.html",
  mediaType: HTML_TYPE,
  description: "One page per team.",
  sitemap: true,
  *render(model, site) {
    const frame = frameView(model, site);
    for (const team of model.teams) yield fromView(teamPath(team.slug), { frame, team }, renderTeamPage);
  },
};

/** A team's page shows its entry alone, in the site frame. */
function renderTeamPage({ frame, team: t }: { frame: FrameView; team: TeamEntry }): string {
  const repo = repositoryLinksOf(frame.repository);
  const local = linksFrom(frame.baseUrl, teamPath(t.slug));
  const contact = contactHref(t.contact);
  const body = html`<p><a href="${local("teams/")}">All teams</a></p>
<h1 dir="auto">${t.name}</h1>
${t.about ? html`<p class="lede" dir="auto">${t.about}</p>\n` : ""}${
    t.lookingForMembers
      ? html`<section class="callout" aria-labelledby="recruiting">
<h2 id="recruiting">Looking for members</h2>
<p><strong>This team has room.</strong> Skills it is looking for:</p>
${tagList(t.skillsWanted, "Any skills are welcome.", "Skills wanted")}
${
  contact
    ? html`<p>To join, <a href="${contact}">contact ${text(t.name)}</a>${contact.startsWith("mailto:") ? html` (<bdi>${contact.slice(7)}</bdi>)` : ""}, or talk to a member below at the event.</p>`
    : html`<p>To join, contact a member below (on GitHub), or talk to them at the event.</p>`
}
</section>`
      : html`<p class="note">This team is complete and not looking for members.</p>`
  }
<h2 id="members">Members</h2>
<ul>
${t.members.map((m) => html`<li>${personLink(m)}${m.skills.length ? html`: ${m.skills.join(", ")}` : ""}</li>\n`)}</ul>
<h2 id="skills">Skills present</h2>
${tagList(t.skillsPresent, "No skills listed yet.", "Skills present")}
<h2 id="projects">Projects</h2>
${
  t.projects.length
    ? html`<ul>
${t.projects.map((p) => html`<li><a href="${local(p.url)}">${text(p.title)}</a></li>\n`)}</ul>`
    : html`<p class="note">No project submitted yet.</p>`
}
<p class="note">As data: <a href="${local(recordJsonPath("teams", t.slug))}">${recordJsonPath("teams", t.slug)}</a>, the entry with slug <code>${t.slug}</code> in <a href="${local("api/teams.json")}">api/teams.json</a>.</p>
${repo ? html`<p class="note"><a href="${repo.edit("team", t.slug)}">Edit this record</a> on GitHub, or <a href="${repo.updateForm("team", t.slug)}">update it with a form</a>: either proposes a pull request that a member or an organiser merges.</p>\n` : ""}`;
  const description = t.lookingForMembers
    ? `${t.name} is looking for members${t.skillsWanted.length ? `: ${t.skillsWanted.join(", ")}` : ""}.`
    : `${t.name}, a team of ${t.members.length}.`;
  return layout(frame, {
    path: teamPath(t.slug),
    title: t.name,
    description,
    body,
    licence: "submitters",
    json: recordJsonPath("teams", t.slug),
  }).value;
}
