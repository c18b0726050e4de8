import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../generator/derive/model.ts";
import { homePage } from "../../generator/render/pages/home-page.ts";
import { handbookPage } from "../../generator/render/pages/handbook-page.ts";
import { projectListPage } from "../../generator/render/pages/project-list-page.ts";
import { teamListPage } from "../../generator/render/pages/team-list-page.ts";
import { renderSite } from "../../generator/render/render-site.ts";
import { exampleModel } from "../helpers/example-model.ts";

const KINDS = [homePage, teamListPage, projectListPage, handbookPage];
let model: Model;
beforeAll(async () => {
  model = await exampleModel("https://sprint.example.org/");
});

const pages = (m: Model) => new Map(renderSite(m, KINDS).map((o) => [o.path, o.body]));
const block = (body: string) => /<div class="deadlines"[^]*?<\/div>/.exec(body)?.[0];

describe("the deadlines on the pages that matter", () => {
  it("state each deadline as an absolute time in the event's zone, on home, the lists and the handbook", () => {
    const built = pages(model);
    const expected = `<ul aria-label="Deadlines">
<li data-deadline="registration"><span class="what">Registration closes</span> <time datetime="2026-12-05T12:00:00+01:00">Sat 5 Dec 2026, 12:00 CET</time></li>
<li data-deadline="submission"><span class="what">Submissions close</span> <time datetime="2026-12-06T14:00:00+01:00">Sun 6 Dec 2026, 14:00 CET</time></li>
</ul>`;
    for (const path of [
      "index.html",
      "teams/index.html",
      "projects/index.html",
      "handbook/index.html",
      "handbook/register-a-team.html",
      "handbook/submit-a-project.html",
    ])
      expect(block(built.get(path)!), path).toContain(expected);
    // The extension is one team's: no page states it as the event's.
    expect(built.get("index.html")).not.toContain("15:00 CET");
  });

  it("carry no build time: a later generation gives the same block, and the phase line is left to site.js", () => {
    const later = pages({ ...model, generatedAt: "2026-12-07T09:00:00+00:00" });
    for (const [path, body] of pages(model))
      if (block(body)) expect(block(later.get(path)!), path).toBe(block(body));
    expect(block(pages(model).get("index.html")!)).toContain(`<p class="phase" hidden></p>`);
  });

  it("point the phase line at the winners once awards are set, from each page's depth", () => {
    expect(block(pages(model).get("index.html")!)).not.toContain("data-winners");
    const judged = pages({
      ...model,
      event: { ...model.event, awards: [{ name: "Best", projects: ["soft-grasp"], description: null }] },
    });
    expect(block(judged.get("index.html")!)).toContain(`data-winners="#winners"`);
    expect(block(judged.get("teams/index.html")!)).toContain(`data-winners="../#winners"`);
    expect(block(judged.get("handbook/register-a-team.html")!)).toContain(`data-winners="../#winners"`);
  });

  it("show only the deadlines set, and nothing when none is", () => {
    const only = pages({
      ...model,
      event: {
        ...model.event,
        deadlines: { registration: null, submission: "2026-12-06T13:00:00Z", extensions: [] },
      },
    });
    expect(block(only.get("index.html")!)).not.toContain("registration");
    expect(block(only.get("index.html")!)).toContain(
      `<time datetime="2026-12-06T13:00:00Z">Sun 6 Dec 2026, 14:00 CET</time>`,
    );
    const none = pages({
      ...model,
      event: { ...model.event, deadlines: { registration: null, submission: null, extensions: [] } },
    });
    for (const [path, body] of none) expect(body, path).not.toContain(`class="deadlines"`);
  });
});
