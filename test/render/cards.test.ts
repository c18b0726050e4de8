import { describe, expect, it } from "vitest";
import type { Model, ProjectEntry } from "../../generator/derive/model.ts";
import { PROJECT_CARD, projectCard } from "../../generator/render/shared/cards.ts";
import { exampleModel } from "../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const fromRoot = (url: string) => url.replace(BASE, "");

let model: Model;
const project = (slug: string) => model.projects.find((p) => p.slug === slug)!;
const card = (p: ProjectEntry, m = model) => projectCard(m, p, fromRoot).value;

describe("a project's card", async () => {
  model = await exampleModel(BASE);

  it("names its team, linked to the team's page", () => {
    expect(card(project("soft-grasp"))).toContain(
      `<p class="by">by <a href="teams/gripper-gang.html"><bdi>Gripper Gang</bdi></a></p>`,
    );
  });

  it("names its people when it has no team: all of them, or three and how many more", () => {
    expect(card(project("cable-tidy"))).toContain(`<p class="by">by <bdi>Jun Park</bdi></p>`);
    const people = ["Ada", "Bo", "Cy", "Di", "Ed"].map((name) => ({ name, github: null }));
    const solo = { ...project("cable-tidy"), teamSlug: null };
    expect(card({ ...solo, team: people.slice(0, 2) })).toContain(
      `<p class="by">by <bdi>Ada</bdi> and <bdi>Bo</bdi></p>`,
    );
    expect(card({ ...solo, team: people })).toContain(
      `<p class="by">by <bdi>Ada</bdi>, <bdi>Bo</bdi>, <bdi>Cy</bdi> and 2 more</p>`,
    );
  });

  it("shows what the project is built with: six tags, then how many more", () => {
    expect(card(project("soft-grasp"))).toContain(
      `<ul class="tags" aria-label="Built with"><li><bdi>MuJoCo</bdi></li><li><bdi>PyTorch</bdi></li><li><bdi>LeRobot</bdi></li></ul>`,
    );
    const many = { ...project("soft-grasp"), builtWith: Array.from({ length: 9 }, (_, i) => `Tool ${i}`) };
    expect(card(many)).toContain(`<li><bdi>Tool 5</bdi></li><li class="more-tags">+3 more</li></ul>`);
    expect(card(many)).not.toContain("Tool 6");
    expect(card(project("cable-tidy"))).not.toContain(`aria-label="Built with"`);
  });

  it("gets a cover of its initials on its track's colour, under its image if it has one", () => {
    // The example's tracks are sim, hardware and both: the first three colours; no track is grey.
    expect(card(project("cable-tidy"))).toContain(
      `<div class="thumb cover tone-0" data-initials="CT" aria-hidden="true"></div>`,
    );
    expect(card(project("teleop-dataset"))).toContain(
      `<div class="thumb cover tone-none" data-initials="TD" aria-hidden="true"></div>`,
    );
    expect(card(project("soft-grasp"))).toContain(
      `<div class="thumb cover tone-2" data-initials="SG" aria-hidden="true"><img src="images/soft-grasp.svg" alt="" loading="lazy" width="320" height="180"></div>`,
    );
    expect(card(project("cable-tidy"))).not.toContain("No image");
  });

  it("takes initials from the first two words of any script, and none from a title without letters", () => {
    const titled = (title: string) => card({ ...project("cable-tidy"), title });
    expect(titled("rover")).toContain(`data-initials="R"`);
    expect(titled("élan vital")).toContain(`data-initials="ÉV"`);
    expect(titled("  3D printed <arm> ")).toContain(`data-initials="3P"`);
    expect(titled("روبوت ذكي")).toContain(`data-initials="رذ"`);
    expect(titled('"><script>')).toContain(`data-initials="S"`);
    expect(titled("🤖 ✨")).toContain(`data-initials=""`);
  });

  it("colours a track by its place in the event's tracks, the same in every build", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, description: "x" }));
    const wide = { ...model, event: { ...model.event, tracks: nine } };
    expect(card({ ...project("cable-tidy"), track: "t8" }, wide)).toContain(`class="thumb cover tone-0"`);
    expect(card({ ...project("cable-tidy"), track: "t3" }, wide)).toContain(`class="thumb cover tone-3"`);
    expect(card(project("soft-grasp"), await exampleModel(BASE))).toBe(card(project("soft-grasp")));
  });

  it("is found by its people's names and GitHub handles and every tag; filtered by track, robots and tags", () => {
    const grasp = project("soft-grasp");
    expect(PROJECT_CARD.words(grasp)).toEqual([
      "soft-grasp",
      "Lena Fischer",
      "@lenafischer",
      "Tomás Ortega",
      "@tortega",
      "Yuki Tanaka",
      "@yukit",
      "Sam Okafor",
      "MuJoCo",
      "PyTorch",
      "LeRobot",
    ]);
    // By the filter form's field names, each a list of values (none for no track).
    expect(PROJECT_CARD.filters(grasp)).toEqual({
      track: ["both"],
      robot: ["SO-100 arm"],
      built: ["MuJoCo", "PyTorch", "LeRobot"],
    });
    expect(PROJECT_CARD.filters({ ...grasp, track: null }).track).toEqual([]);
  });
});
