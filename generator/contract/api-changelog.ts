/**
 * The API's promise to its clients and every change to its public contract, newest first: one
 * source for CHANGELOG_API.md and the developer page. The contract test refuses an added field or
 * endpoint that no change here names in backticks.
 */
export const API_PROMISE: readonly string[] = [
  "Fields are only added. A field keeps its name, type and meaning, and is always present (optional values are `null` or an empty list).",
  "Endpoints are only added. Every path in `/api/index.json` keeps answering, with no version in it.",
  "Slugs are stable. A renamed team or project lists its old slug in `formerSlugs`; its old page leads to the new one, and `redirects` in `/api/index.json` maps the old slug to the new.",
  "Clients ignore keys they do not know, so an addition never breaks them.",
];

export const API_CHANGES: ReadonlyArray<{ date: string; changes: readonly string[] }> = [
  {
    date: "2026-11-28",
    changes: [
      "Added `/api/editions.json` and the `/editions/` page: every edition of the event, newest first, the current one included, each with its `id` (the path `/<id>/` it is published under, or `null` for the current edition at the root), `current`, `name`, `startDate`, `endDate`, `url` (its home page), `api` (its `/api/index.json`), `teams` and `projects` (counts) and `winners` (each `award` with its `projects`' `slug`, `title` and `url`). An archived edition keeps the same contract under `/<id>/` (`/<id>/api/index.json`, `/<id>/api/projects.json`, …); its old addresses at the root that the current edition does not take lead there (a page that refreshes, and a 301 where the host reads `_redirects`).",
      "Added `table` to project entries (`/api/projects.json` and `/api/projects/{slug}.json`): where the project demos at the expo, with its `label` (\"Table 12\", or the organiser's own text), its `number` on the floor (1 to N across the areas; `null` for the organiser's own text) and its `area` (`slug`, `name`, `power`, `large`, `track`; `null` for the organiser's own text); `null` when the event has no expo floor and no place set for the project. Added `needs` to project entries: what its demo needs, `power` and or `large` (an empty list when nothing). Added `expo` to `/api/event.json`: the floor's `areas` in the order their tables are numbered, each with its `slug`, `name`, number of `tables`, `power`, `large` and `track` (a track id, or `null` for any project); `null` when the event has no expo floor.",
      "Added `perJudgeMax` to the event's `judging` in `/api/event.json`: about how many projects one judge can score in an afternoon (1 to 10,000, 40 unless the event says). It changes nobody's projects; the organiser is warned when the assignment gives a judge more.",
    ],
  },
  {
    date: "2026-11-27",
    changes: [
      "Added `seed` and `tables` to the event's `judging` in `/api/event.json`: `seed`, the organiser's phrase that shuffles who judges what, or `null` when none is set; `tables`, where projects demo at the expo (each `project` slug and its `table`, such as \"Table 12\"; an empty list when none is given).",
      "Added `judging` to `/api/event.json`: `perProject`, how many judges are given each project (1 to 20, 3 unless the event says), and `scale`, the top score of every criterion (3 to 10, 5 unless the event says; scores run from 1). Added to each of the event's `judges` their `github` user name (or `null`), `conflicts` (the team and project slugs they do not judge) and `prizes` (the ids of the prizes a sponsor's judge judges); both are empty lists when none is set.",
    ],
  },
  {
    date: "2026-11-25",
    changes: [
      "Added `prizes` and `judges` to `/api/event.json`: each prize's `id`, `name`, `value` (text such as \"€1,000\", or `null`), `count` (at least 1), `description` and `track` (a track id, or `null` when every project competes); each judge's `name`, `affiliation`, `url` and `photo` (a site path or an `https:` URL, or `null`) with `photoUrl`, the photo as an absolute URL or `null`. Both are empty lists when the event lists none.",
      "Added `tier` (`host`, `gold`, `silver`, `bronze`, `partner`, or `null`) and `logo` (a site path or an `https:` URL, or `null`) with `logoUrl` (the logo as an absolute URL, or `null`) to each of the event's `hosts`, and `prize` (the `id` of the prize it gives, or `null`) to each of its `awards`.",
      "Added `builtWith` and `demo` to project entries: what the project is built with, as short tags (an empty list when none), and a link to try it (an `http:` or `https:` URL), or `null`.",
      "Added `deadlines` to `/api/event.json`: when registration and submissions close (`registration`, `submission`: date-times with a UTC offset, or `null`), and `extensions`, the teams given more time (each `team` slug, its own `submission` and a `reason` or `null`; an empty list when none).",
    ],
  },
  {
    date: "2026-11-24",
    changes: [
      "Added `/api/teams/{slug}.json` and `/api/projects/{slug}.json`: one team or project, the entry as in its list, listed in `templates` of `/api/index.json` and linked from its page; an unknown slug answers with the error body.",
      "Added `license` to project entries: the project's licence as an SPDX identifier or expression (`MIT`, `Apache-2.0`), or `null`.",
      "Added `awards` to `/api/event.json` (each award's `name`, winning project slugs and `description`), and `awards` (the names of the awards won) to project entries. Both are empty lists until judging is over.",
      "Added `logo`, `logoUrl` and `accentColor` to `/api/event.json`: the event's logo (a site path and an absolute URL) and its colour, or `null`.",
      "Added `repository` to `/api/event.json`: the event's GitHub repository (`owner/name`), where teams change their records, or `null`.",
      "Added `about` (one paragraph) and `contact` (an `https:` or `mailto:` link) to team entries, or `null`.",
      "Added `feeds` to `/api/index.json`: Atom feeds of projects, teams and teams looking for members, at `/feeds/projects.xml`, `/feeds/teams.xml` and `/feeds/recruiting.xml`.",
      "Added `calendar` to `/api/event.json`: the schedule as an iCalendar file at `/event.ics`.",
      "Added `formerSlugs` to team and project entries, and `redirects` (old slug to current slug, per kind) to `/api/index.json`.",
      "Added `imageUrls` to project entries: `images` as absolute URLs, in the same order.",
      "`track` in `/openapi.json` now lists the event's track ids as its `enum`; the values sent are unchanged.",
      "An unknown path under `/api/` answers with the error members alone (`/404.json`) where the host can tell `/api/` apart; GitHub Pages' one 404 page still adds its `html` member.",
      "Schema descriptions in `/openapi.json` describe the API instead of the repository's files.",
    ],
  },
  {
    date: "2026-11-22",
    changes: [
      "First contract: `/api/index.json`, `/api/event.json`, `/api/teams.json` and `/api/projects.json`, the JSON error body, and `/openapi.json` describing them.",
    ],
  },
];

/** The promise and the changes as Markdown, headings starting at `level`. */
export function changelogMarkdown(level: number): string {
  const h = "#".repeat(level);
  const list = (items: readonly string[]) => items.map((item) => `- ${item}\n`).join("");
  const changes = API_CHANGES.map(({ date, changes }) => `${h}# ${date}\n\n${list(changes)}`);
  return `${h} The promise\n\n${list(API_PROMISE)}\n${h} Changes\n\n${changes.join("\n")}`;
}
