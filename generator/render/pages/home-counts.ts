import type { Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";

/**
 * The event so far in four numbers, each linking to its list. People are the members of every
 * team, a GitHub account counted once (one person may be in two teams); a member with no account
 * counts each time. Nothing before the first team or project.
 */
export function eventCounts(model: Model): Html {
  const { teams, projects } = model;
  if (!teams.length && !projects.length) return html``;
  const accounts = new Set<string>();
  let people = 0;
  for (const member of teams.flatMap((t) => t.members)) {
    const account = member.github?.toLowerCase();
    if (account === undefined) people++;
    else if (!accounts.has(account)) {
      accounts.add(account);
      people++;
    }
  }
  const recruiting = teams.filter((t) => t.lookingForMembers).length;
  const counts: Array<[string, number, string, string, string?]> = [
    ["teams/", teams.length, "team", "teams"],
    ["teams/", people, "person", "people"],
    ["projects/", projects.length, "project", "projects"],
  ];
  // Recruiting is a call to join, counted while teams register (derive/edition-phase.ts): not once
  // registration has closed, nor on an archived edition; site.js hides it at the deadline.
  const call = model.phase.open.find((c) => c.entry === "team");
  if (call) counts.push(["teams/?looking=1", recruiting, "team recruiting", "teams recruiting", call.until]);
  return html`<ul class="counts" aria-label="The event so far">
${counts.map(([href, n, one, many, until]) => html`<li${until ? html` data-open-until="${until}"` : ""}><a href="${href}"><strong>${n}</strong> ${n === 1 ? one : many}</a></li>\n`)}</ul>
`;
}
