import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadHandbook } from "../../generator/load/load-handbook.ts";
import { check } from "../../generator/pipeline.ts";
import { FIXTURES, EXAMPLE } from "../helpers/fixture-root.ts";

describe("the handbook", () => {
  it("is read in chapter order, each chapter titled by its first heading", async () => {
    const { pages, strays, diagnostics } = await loadHandbook(EXAMPLE);
    expect(diagnostics).toEqual([]);
    expect(strays).toEqual([]);
    expect(pages.map((p) => [p.slug, p.title])).toEqual([
      ["event-rules", "Event rules"],
      ["register-a-team", "Register a team"],
      ["submit-a-project", "Submit a project"],
      ["judging", "Judging"],
      ["faq", "FAQ"],
    ]);
  });

  it("has its rules: a badly named chapter, a missing title and two chapters with one slug", async () => {
    const { diagnostics } = await check({ root: join(FIXTURES, "handbook-invalid") });
    const handbook = diagnostics.filter((d) => d.file.startsWith("site/handbook/"));
    expect(handbook.map((d) => [d.file, d.line, d.column, d.severity, d.rule])).toEqual([
      ["site/handbook/30-untitled.md", 1, 1, "error", "handbook-title"],
      ["site/handbook/40-rules.md", 1, 1, "error", "handbook-slug-collision"],
      ["site/handbook/Notes.md", 1, 1, "warning", "handbook-name"],
    ]);
    expect(handbook[1]!.message).toBe(
      "two handbook chapters would publish handbook/rules.html (site/handbook/20-rules.md and site/handbook/40-rules.md)",
    );
  });

  it("is empty, without complaint, when there is no handbook folder", async () => {
    expect(await loadHandbook(join(FIXTURES, "valid"))).toEqual({ pages: [], strays: [], diagnostics: [] });
  });
});
