import { MessageChannel } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { RenderedAhead } from "../../generator/parallel/ahead.ts";
import { threadCount } from "../../generator/parallel/threads.ts";
import { BuildWorkers } from "../../generator/parallel/workers.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { projectPage } from "../../generator/render/pages/project-page.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { until } from "../helpers/until.ts";

const BASE_URL = "https://registry.example/sprint/";

async function syntheticModel() {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 30, projects: 60 });
  const derived = await deriveSite({ root, baseUrl: BASE_URL, env: { SOURCE_DATE_EPOCH: "1764000000" } });
  if (!derived.ok) throw new Error(JSON.stringify(derived.diagnostics.slice(0, 3)));
  return derived.model;
}

describe("rendering ahead in a worker", () => {
  it("hands each project's description back rendered as its page renders it, once, then the worker stops", async () => {
    const model = await syntheticModel();
    const workers = new BuildWorkers(1);
    try {
      const ahead = new RenderedAhead(model, workers);
      await until(() => (workers.running === 0 ? true : undefined));

      const lookup = ahead.lookup("project-page")!;
      const texts = model.projects.map((p) => p.description);
      const local = projectPage.ahead!.render(texts, BASE_URL);
      expect(texts.map((text) => lookup.get(text))).toEqual(local);
      expect(local[0]).toContain('<pre tabindex="0">');
      // Handed out once: a second page with the same text renders its own.
      expect(lookup.get(texts[0]!)).toBeUndefined();
      expect(ahead.lookup("team-page")).toBeUndefined();
      expect(ahead.finish()).toBeGreaterThan(0);
    } finally {
      await workers.close();
    }
  });

  it("reports a worker's failure to render ahead", async () => {
    const workers = new BuildWorkers(1);
    try {
      const { port1, port2 } = new MessageChannel();
      const task = { kind: "team-page", baseUrl: BASE_URL, texts: ["x"], port: port2 };
      await expect(workers.run(0, { type: "ahead", tasks: [task] }, [port2])).rejects.toThrow(
        /in a build worker: Error: team-page renders nothing ahead/,
      );
      port1.close();
    } finally {
      await workers.close();
    }
  });

  it("gives nothing for a text not yet back, so the page renders its own", async () => {
    const model = await syntheticModel();
    const workers = new BuildWorkers(1);
    try {
      const ahead = new RenderedAhead(model, workers);
      // Asked at once, before the worker has even started: nothing is back.
      expect(ahead.lookup("project-page")!.get(model.projects.at(-1)!.description)).toBeUndefined();
    } finally {
      await workers.close();
    }
  });
});

describe("a project page", () => {
  it("uses the HTML rendered ahead for its description, and renders its own when there is none", async () => {
    const model = await syntheticModel();
    const [first, second] = model.projects;
    const pages = projectPage.pages!(model, {
      get: (text) => (text === first!.description ? "<p>rendered ahead</p>\n" : undefined),
    });
    expect(pages.page(first!.slug).body).toContain('<div dir="auto">\n<p>rendered ahead</p>\n</div>');
    const own = pages.page(second!.slug).body;
    expect(own).not.toContain("rendered ahead");
    expect(own).toContain(projectPage.ahead!.render([second!.description], BASE_URL)[0]);
  });
});

describe("how many threads a build uses", () => {
  it("uses every core from 1,000 records (10,000 on 2 cores), one thread below, and what a caller asks for", () => {
    expect([threadCount(999, 8), threadCount(1000, 8), threadCount(1000, 4)]).toEqual([1, 8, 4]);
    expect([threadCount(9_999, 2), threadCount(10_000, 2), threadCount(20_001, 1)]).toEqual([1, 2, 1]);
    expect([threadCount(10, 8, 3), threadCount(20_001, 8, 1)]).toEqual([3, 1]);
  });
});
