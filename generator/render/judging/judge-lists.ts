import { JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { sheetPath } from "./judge-page.ts";
import { judgeListPath } from "./judge-paths.ts";
import { judgeSheets } from "./judge-sheets.ts";

/**
 * Which of a judge's projects are on which of their pages, for judging.js on any of them: a
 * project's address on another page, a score file opened anywhere, where to go on once a page is
 * all scored, and whether all are. It grows with the judge's projects (slugs only, one line, as no
 * person reads it: 470 KB for 10,000 long slugs), so no page loads it to show: the script fetches it
 * only for those. The site's own file, not the API.
 */
export const judgeLists: DocumentKind = {
  name: "judge-lists",
  path: "judging/<judge>/projects.json",
  mediaType: JSON_TYPE,
  description:
    "Which of a judge's projects are on which of their judging pages, in the order to judge them: what the judging page reads to find a project on another page, and to count a judge's progress over every page exactly.",
  *render(model) {
    for (const sheets of judgeSheets(model)) {
      const judge = sheets[0]!.judge;
      const pages = sheets.map((s) => ({ path: sheetPath(s), projects: s.projects.map((p) => p.slug) }));
      const list = { object: "judge-projects", judge: judge.name, projects: judge.projects.length, pages };
      yield { path: judgeListPath(judge.path), body: `${JSON.stringify(list)}\n` };
    }
  },
};
