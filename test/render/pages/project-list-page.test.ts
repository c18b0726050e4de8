import { describe, expect, it } from "vitest";
import type { Model, ProjectEntry } from "../../../generator/derive/model.ts";
import { bodyText } from "../../../generator/render/shared/document.ts";
import { projectListPage } from "../../../generator/render/pages/project-list-page.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents: [], rendered: [] };
const firstPage = (model: Model) => bodyText([...projectListPage.render(model, context)][0]!);
const options = (page: string, name: string) => {
  const select = new RegExp(`<select name="${name}">(.*?)</select>`).exec(page)?.[1];
  return select === undefined
    ? undefined
    : [...select.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((m) => `${m[1]}|${m[2]}`);
};

describe("the project gallery", () => {
  it("lists its projects A–Z by title, not by slug", async () => {
    const model = await exampleModel(BASE);
    const first = model.projects[0]!;
    model.projects = [
      { ...first, slug: "aardvark", title: "Zebra crossing" },
      { ...first, slug: "zzz", title: "Alpha 10" },
      { ...first, slug: "yyy", title: "alpha 9" },
    ];
    const slugs = [...firstPage(model).matchAll(/<li class="card" data-slug="([^"]+)">/g)].map((m) => m[1]);
    expect(slugs).toEqual(["yyy", "zzz", "aardvark"]);
  });

  it("offers a sort, A–Z first, and winners first only once there are winners", async () => {
    const model = await exampleModel(BASE);
    const page = firstPage(model);
    expect(page).toContain(`<label>Sort <select name="sort">`);
    expect(options(page, "sort")).toEqual(["|A–Z", "=newest|Newest"]);
    model.event = { ...model.event, awards: [{ name: "Best", projects: ["soft-grasp"], description: null }] };
    expect(options(firstPage(model), "sort")).toEqual(["|A–Z", "=newest|Newest", "=winners|Winners first"]);
  });

  it("filters by what projects are built with: the 40 tags used most, A–Z, and none listed", async () => {
    const model = await exampleModel(BASE);
    expect(options(firstPage(model), "built")).toEqual([
      "|Any tool",
      "=Isaac Sim|Isaac Sim",
      "=LeRobot|LeRobot",
      "=MuJoCo|MuJoCo",
      "=OpenCV|OpenCV",
      "=OpenUSD|OpenUSD",
      "=Python|Python",
      "=PyTorch|PyTorch",
      "=ROS 2|ROS 2",
      "=YAML|YAML",
      "=YOLO|YOLO",
      "-|None listed",
    ]);
    // 50 tags, each used by one project more than the next: the 40 used most are offered.
    const first = model.projects[0]!;
    model.projects = Array.from({ length: 50 }, (_, i): ProjectEntry => {
      const builtWith = Array.from({ length: 50 - i }, (_, j) => `tool-${String(j).padStart(2, "0")}`);
      return { ...first, slug: `p-${i}`, builtWith: i === 0 ? [...builtWith, `<b>"x"</b>`] : builtWith };
    });
    const offered = options(firstPage(model), "built")!;
    expect(offered).toHaveLength(42);
    expect(offered).toContain("=tool-39|tool-39");
    expect(offered).not.toContain("=tool-40|tool-40");
    expect(firstPage(model)).not.toContain(`<b>"x"</b>`);
  });

  it("has no tag filter while no project lists a tag", async () => {
    const model = await exampleModel(BASE);
    model.projects = model.projects.map((p) => ({ ...p, builtWith: [] }));
    expect(options(firstPage(model), "built")).toBeUndefined();
  });
});
