import { describe, expect, it } from "vitest";
import { projectSearchIndex, teamSearchIndex } from "../../../generator/render/search/search-index.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents: [], rendered: [] };

describe("the search indexes", () => {
  it("hold one compact entry per project with what a card shows and the search reads", async () => {
    const model = await exampleModel(BASE);
    model.projects[0] = {
      ...model.projects[0]!,
      images: ["https://img.example.org/a.png"],
      awards: ["Best"],
    };
    const [output] = [...projectSearchIndex.render(model, context)];
    expect(output!.path).toBe("search/projects.json");
    expect(output!.body.split("\n")).toHaveLength(2); // one line, then the final newline
    const entries = JSON.parse(output!.body) as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.slug)).toEqual(model.projects.map((p) => p.slug));
    expect(entries[0]).toMatchObject({ image: "https://img.example.org/a.png", awards: ["Best"] });
    expect(entries.find((e) => e.slug === "soft-grasp")).toEqual({
      slug: "soft-grasp",
      title: "Soft Grasp",
      tagline: model.projects.find((p) => p.slug === "soft-grasp")!.tagline,
      track: "both",
      robots: ["SO-100 arm"],
      awards: [],
      image: "images/soft-grasp.svg",
      people: ["Lena Fischer", "Tomás Ortega", "Yuki Tanaka", "Sam Okafor"],
    });
    expect(entries.find((e) => e.slug === "domain-randomiser")!.image).toBeNull();
    expect(output!.body).not.toContain("description");
  });

  it("hold one entry per team, with a contact only when it is https or mailto", async () => {
    const model = await exampleModel(BASE);
    const open = model.teams.find((t) => t.slug === "open-arms")!;
    model.teams = [open, { ...open, slug: "plain", contact: "http://example.org/insecure" }];
    const entries = JSON.parse([...teamSearchIndex.render(model, context)][0]!.body) as Array<
      Record<string, unknown>
    >;
    expect(entries[0]).toEqual({
      slug: "open-arms",
      name: "Open Arms",
      lookingForMembers: true,
      members: 2,
      projects: [{ slug: "teleop-dataset", title: "Teleop Dataset Kit" }],
      about: open.about,
      contact: "mailto:open-arms@example.org",
      skillsWanted: ["Teleoperation", "Dataset curation"],
      skillsPresent: ["LeRobot", "Mechanical design", "Python"],
    });
    expect(entries[1]!.contact).toBeNull();
  });
});
