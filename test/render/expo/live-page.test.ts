import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { livePage } from "../../../generator/render/expo/live-page.ts";
import { bodyText } from "../../../generator/render/shared/document.ts";
import { documents } from "../../../generator/render/registry.ts";
import { homePage } from "../../../generator/render/pages/home-page.ts";
import { exampleModel } from "../../helpers/example-model.ts";
import { withFloor, withoutFloor } from "../../helpers/expo-floor.ts";

const BASE = "https://sprint.example.org/";
let model: Model;
beforeAll(async () => {
  model = await exampleModel(BASE);
});

const render = (m: Model) => {
  const [page, ...more] = [...livePage.render(m, { documents, rendered: [] })];
  expect(more).toEqual([]);
  expect(page!.path).toBe("live/index.html");
  return bodyText(page!);
};

/** The model with awards given to its first two projects, the first one's title hostile. */
function awarded(m: Model): Model {
  const [first, second] = m.projects;
  const hostile = { ...first!, title: `<img src=x onerror=alert(1)> Grip & "go"` };
  return {
    ...m,
    projects: [hostile, ...m.projects.slice(1)],
    event: {
      ...m.event,
      awards: [
        { name: "Best <overall>", projects: [first!.slug, second!.slug], description: null, prize: null },
      ],
    },
  };
}

describe("the room's screen (live/)", () => {
  it("shows every session of the schedule with its times for site.js, and the deadlines, without the script", () => {
    const page = render(model);
    const rows = [...page.matchAll(/<tr data-start="([^"]+)" data-end="([^"]+)">/g)];
    expect(rows.map((r) => r[1])).toEqual(model.event.schedule.map((s) => s.start));
    for (const s of model.event.schedule) expect(page).toContain(s.title.replaceAll("&", "&amp;"));
    expect(page).toContain(`data-deadline="submission"`);
    // The countdown and now/next are the script's: hidden in the page as built.
    expect(page).toMatch(/<div class="live-board" data-live-board hidden>/);
    expect(page).toContain('role="timer"');
  });

  it("says, once site.js shows only the sessions on now and next, how to reach the whole schedule; hidden as built", () => {
    const page = render(model);
    expect(page).toContain(
      '<p class="note live-more" data-live-more hidden><span data-live-shown></span> <a href="../#schedule">The whole schedule</a> is on the home page.</p>',
    );
    // After the last session the board says results are to come, unless the awards are set.
    expect(page).toContain('<div class="live-board" data-live-board hidden>');
    expect(render(awarded(model))).toContain('<div class="live-board" data-live-board data-awarded hidden>');
    // An archived edition shows its whole schedule, with no now or next to window it.
    const archived = render({ ...model, phase: { archived: true, open: [], live: false } });
    expect(archived).not.toContain("data-live-more");
    expect(archived).not.toContain("data-live-board");
  });

  it("carries no build time: the same records give the same bytes whenever built", async () => {
    const later = await exampleModel(BASE, "1800000000");
    expect(render(later)).toBe(render(model));
    expect(render(model)).not.toContain(model.generatedAt);
  });

  it("lists no winners before the awards, and each award's projects and teams once awarded, escaped", () => {
    expect(render(model)).not.toContain('id="winners"');
    const page = render(awarded(model));
    const winners = page.slice(page.indexOf('<h2 id="winners">'), page.indexOf('<h2 id="schedule">'));
    expect(winners).toContain("Best &lt;overall&gt;");
    expect(winners).toContain("&lt;img src=x onerror=alert(1)&gt; Grip &amp; &quot;go&quot;");
    expect(winners).not.toContain("<img");
    expect(winners).toContain(`href="../projects/${model.projects[1]!.slug}.html"`);
    // The deadlines' phase line points at the winners on this page.
    expect(page).toContain('data-winners="#winners"');
  });

  it("is listed in the sitemap and llms.txt, as the registry's pages are", () => {
    expect(livePage.sitemap).toBe(true);
    expect(documents).toContain(livePage);
  });

  it("is linked from the home page beside the schedule, with the expo's plan once the event has a floor", () => {
    const home = (m: Model) => bodyText([...homePage.render(m, { documents, rendered: [] })][0]!);
    const bare = home(withoutFloor(model));
    expect(bare).toContain('<a href="live/">Live: now, next and the countdown</a>');
    expect(bare).not.toContain('href="expo/"');
    expect(home(withFloor(model))).toContain('<a href="expo/">the expo floor plan</a>');
  });
});
