import { describe, expect, it } from "vitest";
import { phaseOf } from "../../../generator/derive/edition-phase.ts";
import type { Model } from "../../../generator/derive/model.ts";
import { llmsFullTxt } from "../../../generator/render/discovery/llms-full-txt.ts";
import { handbookPage } from "../../../generator/render/pages/handbook-page.ts";
import { homePage } from "../../../generator/render/pages/home-page.ts";
import { projectListPage } from "../../../generator/render/pages/project-list-page.ts";
import { teamListPage } from "../../../generator/render/pages/team-list-page.ts";
import { bodyText, type Output } from "../../../generator/render/shared/document.ts";
import { exampleModel } from "../../helpers/example-model.ts";

/**
 * The site's way in (issue 48): one call to action per phase on the home page, the handbook's words
 * linking the forms and folders, and empty lists that say how to be the first; with no repository
 * known, no link that leads nowhere and no setup for visitors to read.
 */
const BASE = "https://org.github.io/sprint/";
const REPO = "https://github.com/org/sprint";
const REGISTER = `${REPO}/issues/new?template=register-team.yml`;
const SUBMIT = `${REPO}/issues/new?template=submit-project.yml`;
const context = { documents: [], rendered: [] };
const render = (kind: { render: (m: Model, c: typeof context) => Iterable<Output> }, model: Model) =>
  new Map([...kind.render(model, context)].map((o) => [o.path, bodyText(o)]));

// The records' last change (generatedAt): a year before, between the deadlines, after submissions.
const EARLY = "1764928800";
const BETWEEN = "1796515200";
const AFTER = "1796565600";

async function model(epoch = EARLY, event: Partial<Model["event"]> = {}): Promise<Model> {
  const m = await exampleModel(BASE, epoch);
  const changed = { ...m.event, repository: "org/sprint", ...event };
  // The phase is derived from the event (awards, deadlines), so a changed event derives it again.
  return { ...m, event: changed, phase: phaseOf(changed, m.generatedAt, false) };
}

/** The home page's way in: from its container to the search form. */
async function wayIn(m: Model): Promise<string> {
  const page = render(homePage, m).get("index.html")!;
  return page.slice(page.indexOf(`<div class="way-in"`), page.indexOf(`<form class="search"`));
}

describe("the home page's call to action", () => {
  it("holds every step still open when the records last changed, each with its deadline, for site.js to pick one", async () => {
    const way = await wayIn(await model());
    expect(way).toContain(
      `<p class="actions"><a class="button" href="${REGISTER}" data-until="2026-12-05T12:00:00+01:00">Register your team</a> <a class="button" href="${SUBMIT}" data-until="2026-12-06T14:00:00+01:00">Submit your project</a> <a class="button secondary" href="projects/" data-then>Browse 10 projects</a> <a class="button secondary" href="teams/?looking=1" data-until="2026-12-05T12:00:00+01:00">Find a team</a></p>`,
    );
    expect(way).toContain(
      `<p class="note" data-until="2026-12-05T12:00:00+01:00"><strong>Register your team</strong> until <time datetime="2026-12-05T12:00:00+01:00">Sat 5 Dec 2026, 12:00 CET</time> with the form, no Git needed, or by pull request: <a href="handbook/register-a-team.html">Register a team</a> in the handbook shows both.</p>`,
    );
    expect(way).toContain(
      `<p class="note" data-until="2026-12-06T14:00:00+01:00"><strong>Submit your project</strong> until <time datetime="2026-12-06T14:00:00+01:00">Sun 6 Dec 2026, 14:00 CET</time> with the form`,
    );
    // The event's own sign-up is a separate, secondary step: a link in a note, never a button.
    expect(way).toContain(
      `<p class="note" data-until="2026-12-05T12:00:00+01:00">Signing up for Physical AI Sprint 2026 itself is a separate step, on the event's own page: <a href="https://example.org/physical-ai-sprint-2026/register">sign up for Physical AI Sprint 2026</a>.</p>`,
    );
    expect(way).not.toMatch(/class="button[^"]*" href="https:\/\/example\.org/);
  });

  it("leaves out registering once the records changed after it closed, and every step after submissions closed", async () => {
    const between = await wayIn(await model(BETWEEN));
    expect(between).not.toContain("Register your team");
    expect(between).not.toContain("Signing up for");
    expect(between).toContain(`<a class="button" href="${SUBMIT}" data-until="2026-12-06T14:00:00+01:00">`);
    const after = await wayIn(await model(AFTER));
    expect(after).not.toContain("data-until");
    expect(after).toContain(
      `<p class="actions"><a class="button" href="projects/" data-then>Browse 10 projects</a></p>`,
    );
  });

  it("offers to find a team only while teams register and one is looking, and browsing only once there is a project", async () => {
    // Registration closed (review of issue 57): no team to join any more, so no "Find a team".
    expect(await wayIn(await model(BETWEEN))).not.toContain("Find a team");
    expect(await wayIn(await model(AFTER))).not.toContain("Find a team");
    // Registration open, but no team looking for members: the filter would show none.
    const early = await model();
    const complete = early.teams.map((t) => ({ ...t, lookingForMembers: false }));
    expect(await wayIn({ ...early, teams: complete })).not.toContain("Find a team");
    // A new edition's empty home page: neither leads anywhere yet; registering is the call.
    const empty = await wayIn({ ...early, teams: [], projects: [] });
    expect(empty).not.toMatch(/Find a team|Browse|data-then/);
    expect(empty).toContain(
      `<p class="actions"><a class="button" href="${REGISTER}" data-until="2026-12-05T12:00:00+01:00">Register your team</a> <a class="button" href="${SUBMIT}"`,
    );
    // With nothing to offer at all, no empty paragraph of buttons.
    const nothing = await wayIn({ ...(await model(AFTER)), teams: [], projects: [] });
    expect(nothing).not.toContain(`class="actions"`);
  });

  it("leads to the winners once awards are set, whatever the time", async () => {
    const way = await wayIn(
      await model(EARLY, {
        awards: [{ name: "Best", projects: ["soft-grasp"], description: null, prize: null }],
      }),
    );
    expect(way).toContain(
      `<p class="actions"><a class="button" href="#winners">See the winners</a> <a class="button secondary" href="projects/" data-then>Browse 10 projects</a>`,
    );
    expect(way).not.toContain("data-until");
  });

  it("takes a registration link that is the team form for no second step, and an event without a registration deadline hands over at its start", async () => {
    const way = await wayIn(await model(EARLY, { registrationUrl: REGISTER }));
    expect(way).not.toContain("Signing up for");
    expect(way.split(REGISTER)).toHaveLength(2);
    const open = await wayIn(
      await model(EARLY, { deadlines: { registration: null, submission: null, extensions: [] } }),
    );
    // The first day's start and the last day's end in Europe/Berlin; no deadline is claimed.
    expect(open).toContain(`data-until="2026-12-04T23:00:00.000Z">Register your team</a>`);
    expect(open).toContain(`data-until="2026-12-06T22:59:59.999Z">Submit your project</a>`);
    expect(open).toContain(`<strong>Register your team</strong> with the form`);
  });

  it("with no repository, links no form and tells visitors no setup (the build warns the organiser)", async () => {
    const way = await wayIn(await model(EARLY, { repository: null }));
    expect(way).not.toContain("issues/new");
    expect(way).toContain(
      `<strong>Register your team</strong> until <time datetime="2026-12-05T12:00:00+01:00">Sat 5 Dec 2026, 12:00 CET</time>: <a href="handbook/register-a-team.html">Register a team</a> in the handbook shows how.</p>`,
    );
    // An organiser's instruction is no visitor's business (review of issue 57).
    expect(way).not.toMatch(/repository: owner\/name|records\/event\.yaml|shows here once/);
    const page = render(homePage, { ...(await model(EARLY, { repository: null })), projects: [] });
    expect(page.get("index.html")).not.toMatch(/owner\/name|records\/event\.yaml|shows here once/);
  });
});

describe("an empty list", () => {
  it("says how to be the first: the form and the handbook's chapter", async () => {
    const empty = { ...(await model()), teams: [], projects: [] };
    expect(render(teamListPage, empty).get("teams/index.html")).toContain(
      `<p class="note">No team has registered yet. Be the first: <a href="${REGISTER}">register your team with the team form</a>, no Git needed, or follow <a href="../handbook/register-a-team.html">Register a team</a> in the handbook.</p>`,
    );
    expect(render(projectListPage, empty).get("projects/index.html")).toContain(
      `<p class="note">No project has been submitted yet. Be the first: <a href="${SUBMIT}">submit your project with the project form</a>, no Git needed, or follow <a href="../handbook/submit-a-project.html">Submit a project</a> in the handbook.</p>`,
    );
    // The home page's latest projects say the same.
    expect(render(homePage, empty).get("index.html")).toContain(
      `<p class="note">No project has been submitted yet. Be the first: <a href="${SUBMIT}">`,
    );
  });

  it("points at the handbook itself when no chapter has the slug, and tells visitors no setup with no repository", async () => {
    const bare = { ...(await model(EARLY, { repository: null })), teams: [], handbook: [] };
    const page = render(teamListPage, bare).get("teams/index.html")!;
    expect(page).toContain(
      `<p class="note">No team has registered yet. Be the first: <a href="../handbook/">the handbook</a> says how.</p>`,
    );
    expect(page).not.toContain("issues/new");
    expect(page).not.toMatch(/owner\/name|records\/event\.yaml|shows here once/);
  });
});

describe("the handbook", () => {
  it("links the forms and the record folders on GitHub, from links that work on GitHub too", async () => {
    const pages = render(handbookPage, await model());
    const register = pages.get("handbook/register-a-team.html")!;
    expect(register).toContain(`Open <a href="${REGISTER}" rel="nofollow ugc noopener">the team form</a>`);
    expect(register).toContain(
      `the folder <a href="${REPO}/tree/main/records/teams/" rel="nofollow ugc noopener"><code>records/teams/</code></a>`,
    );
    const submit = pages.get("handbook/submit-a-project.html")!;
    expect(submit).toContain(`<a href="${SUBMIT}" rel="nofollow ugc noopener">the project form</a>`);
    expect(submit).toContain(`<a href="${REPO}/tree/main/records/projects/" rel="nofollow ugc noopener">`);
    const faq = pages.get("handbook/faq.html")!;
    expect(faq).toContain(`<a href="${SUBMIT}" rel="nofollow ugc noopener">the project form</a>`);
    expect(faq).toContain(`(<a href="${REPO}/tree/main/records/teams/" rel="nofollow ugc noopener">`);
    // Chapter links still become the chapter's page.
    expect(register).toMatch(/<a href="[^"]*submit-a-project\.html"[^>]*>submit a project<\/a>/);
    const full = render(llmsFullTxt, await model()).get("llms-full.txt")!;
    expect(full).toContain(`[the team form](${REGISTER})`);
    expect(full).toContain(`[\`records/teams/\`](${REPO}/tree/main/records/teams/)`);
  });

  it("keeps the words, unlinked, when the repository is unknown", async () => {
    const register = render(handbookPage, await model(EARLY, { repository: null })).get(
      "handbook/register-a-team.html",
    )!;
    expect(register).toContain(`Open <span>the team form</span> (the event`);
    expect(register).toContain(`open the folder <span><code>records/teams/</code></span> and choose`);
    expect(register).not.toContain("issues/new");
    expect(register).not.toContain("../../");
  });
});
