import { HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { TEAM_INDEX_PATH } from "../search/search-index.ts";
import { teamCard } from "../shared/cards.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { listPages } from "./list-pages.ts";
import { firstEntry } from "../shared/way-in.ts";

/** Every team as a card across numbered pages; site.js filters those recruiting and searches skills. */
export const teamListPage: DocumentKind = {
  name: "team-list-page",
  path: "teams/index.html",
  alsoWrites: ["teams/page/<n>.html"],
  mediaType: HTML_TYPE,
  description:
    "All teams, in pages of cards, with a filter for teams looking for members and a skills search.",
  sitemap: true,
  render(model, site) {
    const open = model.teams.filter((t) => t.lookingForMembers).length;
    return listPages({
      model,
      site,
      section: "teams/",
      title: "Teams",
      description: `The ${model.teams.length} teams of ${model.event.name}.`,
      items: model.teams,
      intro: (local) => html`<h1>Teams</h1>
${deadlineTimes(model, `${local("")}#winners`)}<form class="filter" id="filter" role="search" aria-label="Find teams" data-list="teams" data-source="${local(TEAM_INDEX_PATH)}" hidden>
<label>Search <input type="search" name="q" placeholder="team, member or skill" autocomplete="off"></label>
<label class="check"><input type="checkbox" name="looking" value="1"> Looking for members only</label>
</form>
<p class="list-count" id="count" role="status">${model.teams.length} teams, ${open} looking for members.</p>`,
      card: teamCard,
      empty: (local) => firstEntry(model, "team", local),
    });
  },
};
