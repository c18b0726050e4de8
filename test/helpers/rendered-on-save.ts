import type { BuildMemory } from "../../generator/build-memory.ts";
import { deriveSite, type ModelOptions } from "../../generator/pipeline.ts";
import { renderOutputs } from "../../generator/render/render-site.ts";
import type { Output } from "../../generator/render/shared/document.ts";
import { writeSite } from "../../generator/write/write-site.ts";

/**
 * A save's build under npm run dev, as build() runs it (derive, render, write with dev's memory),
 * and which of the pages `pages` matches it rendered: a page made from a view counts when its view
 * is rendered, one that is not made from a view counts always (it is rendered whatever changed).
 */
export async function renderedOnSave(
  dev: ModelOptions & { outDir: string; memory: BuildMemory },
  pages: RegExp,
): Promise<string[]> {
  const derived = await deriveSite(dev);
  if (!derived.ok) throw new Error("the event does not build");
  const rendered: string[] = [];
  const counted = function* (): Generator<Output> {
    for (const output of renderOutputs(derived.model)) {
      if (!pages.test(output.path)) yield output;
      else if (!("view" in output)) {
        rendered.push(output.path);
        yield output;
      } else {
        const { path, view } = output;
        yield { path, view, render: (v: object) => (rendered.push(path), output.render(v)) };
      }
    }
  };
  await writeSite(dev.outDir, counted(), derived.model.assets, dev.memory.pages);
  return rendered;
}
