import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { unrunEditionRoot } from "../helpers/unrun-edition-root.ts";
import { SCORING_MARKERS } from "../helpers/scoring-markers.ts";

/**
 * An archived edition is over (review of issues 57 and 58: /2026/ still showed the registration
 * countdown and "Register your team"). Here the sample event is archived before its own dates, with
 * no awards and its repository known (unrun-edition-root.ts): every page of it says it ended, when, and
 * leads to the current edition, with no countdown and no call to register or submit; the current
 * edition at the root still has both.
 */
let out: string;
const read = (path: string) => readFile(join(out, path), "utf8");
const ARCHIVED_PAGES = [
  "2026/index.html",
  "2026/live/index.html",
  "2026/expo/index.html",
  "2026/handbook/register-a-team.html",
];

beforeAll(async () => {
  const root = await unrunEditionRoot();
  out = join(await tempDir(), "dist");
  const result = await build({
    root,
    outDir: out,
    baseUrl: "https://series.example/",
    env: { SOURCE_DATE_EPOCH: "0", GITHUB_REPOSITORY: "org/sprint" },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
});

describe("an archived edition's pages", () => {
  it.each(ARCHIVED_PAGES)(
    "%s says the edition is over, when it took place, and leads to the current edition",
    async (path) => {
      const page = await read(path);
      const banner = /<p class="edition-over">[\s\S]*?<\/p>/.exec(page)?.[0];
      expect(banner).toContain(
        "<strong>Physical AI Sprint 2026 is over.</strong> It took place on 5–6 December 2026",
      );
      const up = "../".repeat(path.split("/").length - 1);
      expect(banner).toContain(`<a href="${up}">The current edition</a>`);
      // No winners were given in this edition, so the banner points to none.
      expect(banner).not.toContain("winners");
    },
  );

  it.each(ARCHIVED_PAGES)(
    "%s counts down to nothing and calls no one to register or submit",
    async (path) => {
      const page = await read(path);
      for (const countdown of [
        "data-deadlines",
        "data-until",
        "data-live-board",
        "data-start=",
        'role="timer"',
      ])
        expect(page, countdown).not.toContain(countdown);
      expect(page).not.toMatch(
        /Register your team|Submit your project|Find a team|teams recruiting|score your projects/,
      );
      expect(page).not.toContain("issues/new?template=");
      expect(page).not.toContain("fill in as projects are submitted");
    },
  );

  it("states its deadlines as closed, and has no room's screen link counting down on its home page", async () => {
    const home = await read("2026/index.html");
    expect(home).toContain(
      '<li>Registration closed <time datetime="2026-12-05T12:00:00+01:00">Sat 5 Dec 2026, 12:00 CET</time></li>',
    );
    expect(home).not.toContain("Live: now, next and the countdown");
    expect(home).toContain('<a href="expo/">The expo floor plan</a>');
    expect(home).not.toContain('id="recruiting"');
    // Its robots and projects are what the event had, not what is on now (review R10).
    expect(home).toContain('<h2 id="robots">Robots at the event</h2>');
    expect(home).toContain('<h2 id="projects">Projects</h2>');
    expect(await read("index.html")).toContain('<h2 id="projects">Latest projects</h2>');
  });

  it("speaks of its prizes in the past tense on its expo floor", async () => {
    const expo = await read("2026/expo/index.html");
    expect(expo).toContain("<p>Projects that competed for a prize:</p>");
    expect(expo).not.toContain("competing");
  });

  it("calls its room's screen no longer live: its name, its closed deadlines and its schedule", async () => {
    const live = await read("2026/live/index.html");
    expect(live).toContain("<h1>Physical AI Sprint 2026</h1>");
    expect(live).toContain("<li>Submissions closed <time");
    expect(live).toContain('<table class="schedule">');
  });

  it("says its judging is over: each judge's projects to read, no score form, no script that keeps or exports scores", async () => {
    const index = await read("2026/judging/index.html");
    expect(index).toContain(
      '<p class="notice">Judging at <bdi>Physical AI Sprint 2026</bdi> is over; its pages no longer take scores.</p>',
    );
    expect(index).toContain('<li><a href="../judging/mei-tanaka.html"><bdi>Mei Tanaka</bdi></a>');
    const judge = await read("2026/judging/mei-tanaka.html");
    expect(judge).toContain("<h1>Judging: <bdi>Mei Tanaka</bdi></h1>");
    expect(judge).toContain("Judging at <bdi>Physical AI Sprint 2026</bdi> is over");
    expect(judge).toMatch(/<li class="judge-project" data-project="[a-z0-9-]+">/);
    for (const page of [index, judge]) {
      expect(page).not.toMatch(/to score|pick your name|score file|Your scores/i);
      for (const scoring of SCORING_MARKERS) expect(page, scoring).not.toContain(scoring);
    }
  });

  it("leaves the current edition at the root inviting and counting down as before", async () => {
    // The fixture's next event sets no deadline: registering is open until it starts.
    const home = await read("index.html");
    expect(home).toContain(">Register your team</a>");
    expect(home).toContain("data-until=");
    expect(home).not.toContain("edition-over");
    expect(await read("live/index.html")).toContain("data-live-board");
  });
});
