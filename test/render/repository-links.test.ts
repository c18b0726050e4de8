import { describe, expect, it } from "vitest";
import type { Model } from "../../generator/derive/model.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { bodyText, type Output } from "../../generator/render/shared/document.ts";
import { llmsTxt } from "../../generator/render/discovery/llms-txt.ts";
import { homePage } from "../../generator/render/pages/home-page.ts";
import { projectPage } from "../../generator/render/pages/project-page.ts";
import { teamPage } from "../../generator/render/pages/team-page.ts";
import { documents } from "../../generator/render/registry.ts";
import { exampleModel } from "../helpers/example-model.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

const BASE = "https://org.github.io/sprint/";
const context = { documents, rendered: [] };
const page = (
  kind: { render: (m: Model, c: typeof context) => Iterable<Output> },
  model: Model,
  path: string,
) => bodyText([...kind.render(model, context)].find((o) => o.path === path)!);
const withRepository = async (repository: string | null) => {
  const model = await exampleModel(BASE);
  return { ...model, event: { ...model.event, repository } };
};

describe("links to the event's repository", () => {
  it("let a team edit its record, add a team, and find the records, when the event names its repository", async () => {
    const model = await withRepository("physical-ai/sprint-2026");
    expect(page(teamPage, model, "teams/open-arms.html")).toContain(
      `<a href="https://github.com/physical-ai/sprint-2026/edit/main/records/teams/open-arms.yaml">Edit this record</a>`,
    );
    expect(page(projectPage, model, "projects/soft-grasp.html")).toContain(
      `<a href="https://github.com/physical-ai/sprint-2026/edit/main/records/projects/soft-grasp.yaml">Edit this record</a>`,
    );
    const home = page(homePage, model, "index.html");
    expect(home).toContain(
      `Records and code: <a href="https://github.com/physical-ai/sprint-2026">github.com/physical-ai/sprint-2026</a>`,
    );
    expect(page(llmsTxt, model, "llms.txt")).toContain(
      "- [Repository](https://github.com/physical-ai/sprint-2026): the records as YAML",
    );
    // One primary action a phase: the team form, then the project form (test/render/pages/way-in.test.ts).
    expect(home).toContain(
      `<a class="button" href="https://github.com/physical-ai/sprint-2026/issues/new?template=register-team.yml" data-until="2026-12-05T12:00:00+01:00">Register your team</a>`,
    );
    expect(home).toContain(
      `<a class="button" href="https://github.com/physical-ai/sprint-2026/issues/new?template=submit-project.yml" data-until="2026-12-06T14:00:00+01:00">Submit your project</a>`,
    );
    expect(page(teamPage, model, "teams/open-arms.html")).toContain(
      `<a href="https://github.com/physical-ai/sprint-2026/issues/new?template=update-team.yml&amp;slug=open-arms">update it with a form</a>`,
    );
    expect(page(projectPage, model, "projects/soft-grasp.html")).toContain(
      `<a href="https://github.com/physical-ai/sprint-2026/issues/new?template=update-project.yml&amp;slug=soft-grasp">update it with a form</a>`,
    );
  });

  it("are left out, not broken, when it names none", async () => {
    const model = await withRepository(null);
    for (const html of [
      page(teamPage, model, "teams/open-arms.html"),
      page(projectPage, model, "projects/soft-grasp.html"),
      page(homePage, model, "index.html"),
    ]) {
      expect(html).not.toContain("Edit this record");
      expect(html).not.toContain("issues/new?template=");
      expect(html).not.toContain("with a form");
      expect(html).not.toContain("Records and code");
    }
    expect(page(llmsTxt, model, "llms.txt")).not.toContain("[Repository]");
  });

  it("fall back to the repository GitHub Actions runs in, and take nothing else for one", async () => {
    const derive = async (env: NodeJS.ProcessEnv) => {
      const derived = await deriveSite({
        root: await exampleRoot(),
        baseUrl: BASE,
        env: { SOURCE_DATE_EPOCH: "0", ...env },
      });
      if (!derived.ok) throw new Error("the example does not build");
      return derived.model.event.repository;
    };
    expect(await derive({ GITHUB_REPOSITORY: "physical-ai/sprint-2026" })).toBe("physical-ai/sprint-2026");
    expect(await derive({ GITHUB_REPOSITORY: "../../evil" })).toBeNull();
    expect(await derive({})).toBeNull();
  });
});
