import { count } from "../../derive/judge-load.ts";
import { judgingAssignment } from "../../derive/judging-assignment.ts";
import { HTML_TYPE, htmlOutput, type DocumentKind } from "../shared/document.ts";
import { html, type Html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { text } from "../shared/parts.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { judgingScript } from "../shared/theme.ts";
import { judgeLoadNote } from "./judge-load-note.ts";
import { judgePages } from "./judge-page.ts";
import { JUDGING_INDEX } from "./judge-paths.ts";
import { judgeSheetPages } from "./judge-sheet-pages.ts";
import { judgingOverIndex } from "./judging-over.ts";

/**
 * The judges' table: a page to pick one's name, and per judge a page of their projects to score on
 * a phone (judging.js keeps the scores on the device and exports the score file the tally reads).
 * Nothing here holds a score, and search engines are not asked to list it.
 */
export const judgingPages: DocumentKind = {
  name: "judging-pages",
  path: JUDGING_INDEX,
  alsoWrites: ["judging/<judge>.html", "judging/<judge>/page/<n>.html"],
  mediaType: HTML_TYPE,
  description:
    "The judging page: each judge picks their name and scores their assigned projects on a phone; scores stay on the device until the judge sends the organiser their score file.",
  *render(model, site) {
    const frame = frameView(model, site);
    const pages = judgePages(model);
    const local = linksFrom(model.baseUrl, JUDGING_INDEX);
    const { shortfall } = judgingAssignment(model);
    const judges = model.event.judges;
    // The handbook's chapter on judging, when it has one by that name (the sample's 40-judging.md).
    const guide = model.handbook.find((h) => h.slug === "judging");
    // An archived edition's judging is over: no names to pick, no scores kept, no script (judging-over.ts).
    const body = model.phase.archived
      ? judgingOverIndex(model, pages, local)
      : html`<h1>Judging</h1>
${model.event.awards.length ? html`<p class="notice">Judging is over: <a href="${local("")}#winners">see the winners</a>.</p>\n` : ""}${
          // No name to pick while none is listed: the page says only that none is announced (newcomer review R10).
          judges.length
            ? html`<p class="lede">Judges: pick your name to score your projects, one at a time, on this phone or computer.</p>
<p data-needs-script hidden data-last-judge></p>
<ul class="judge-names">
${pages.map((page, i) => html`<li><a href="${local(page.path)}" data-judge="${page.name}">${text(page.name)}</a> <span class="note">${judges[i]!.affiliation ? html`${text(judges[i]!.affiliation!)} · ` : ""}${page.projects.length} ${page.projects.length === 1 ? "project" : "projects"}</span></li>\n`)}</ul>
`
            : // Read by judges and visitors: the organiser learns what to do from the build (derive/judge-shortfall.ts).
              model.event.awards.length
              ? ""
              : html`<p>The judges are not announced yet.</p>\n`
        }<p>Your scores stay on your device until you send the organiser your score file; none is published. How judging works: <a href="${local(guide?.url ?? "handbook/")}">the handbook${guide ? html`'s ${text(guide.title)}` : ""}</a>.</p>
${judges.length && shortfall.length ? shortfallNote(shortfall.length, model.event.judging.perProject) : ""}${judgeLoadNote(model)}<script src="../${judgingScript.href}" defer></script>
`;
    yield htmlOutput(
      JUDGING_INDEX,
      layout(frame, {
        path: "judging/",
        title: "Judging",
        description: `Where the judges of ${model.event.name} score their projects.`,
        body,
        licence: "event",
      }),
    );
    // Each judge's projects in pages: `judging/<judge>.html`, then `judging/<judge>/page/<n>.html`.
    yield* judgeSheetPages(model, frame);
  },
};

/**
 * Projects fewer judges may judge than the event asks, said as a fact for whoever reads the page;
 * what the organiser can do is the build's warning (derive/judge-shortfall.ts), not the judges' page.
 */
function shortfallNote(projects: number, perProject: number): Html {
  const many = projects === 1 ? "1 project gets" : `${count(projects)} projects get`;
  return html`<p class="note">${many} fewer than ${perProject} judges: no more of the judges may judge ${projects === 1 ? "it" : "them"}.</p>\n`;
}
