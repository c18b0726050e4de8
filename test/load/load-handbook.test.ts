import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadHandbook } from "../../generator/load/load-handbook.ts";
import { FIXTURES, REPO } from "../helpers/fixture-root.ts";

describe("the handbook loader", () => {
  it("reads the repository's chapters in number order, titled by their first heading", async () => {
    const { pages, diagnostics } = await loadHandbook(REPO);
    expect(diagnostics).toEqual([]);
    expect(pages.map((p) => [p.slug, p.title])).toEqual([
      ["event-rules", "Event rules"],
      ["register-a-team", "Register a team"],
      ["submit-a-project", "Submit a project"],
      ["judging", "Judging"],
      ["faq", "FAQ"],
    ]);
  });

  it("reports a badly named chapter, a missing title and two chapters with one slug", async () => {
    const { pages, diagnostics } = await loadHandbook(join(FIXTURES, "handbook-invalid"));
    expect(pages.map((p) => p.file)).toEqual(["site/handbook/10-start.md", "site/handbook/20-rules.md"]);
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.severity, d.rule])).toEqual([
      ["site/handbook/30-untitled.md", 1, 1, "error", "handbook-title"],
      ["site/handbook/Notes.md", 1, 1, "warning", "handbook-name"],
      ["site/handbook/40-rules.md", 1, 1, "error", "handbook-slug-collision"],
    ]);
    expect(diagnostics[2]!.message).toBe(
      "two handbook chapters would publish handbook/rules.html (site/handbook/20-rules.md and site/handbook/40-rules.md)",
    );
  });

  it("is empty, without complaint, when there is no handbook folder", async () => {
    expect(await loadHandbook(join(FIXTURES, "valid"))).toEqual({ pages: [], diagnostics: [] });
  });
});
