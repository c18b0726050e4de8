import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findDirectives } from "../../generator/load/handbook-directives.ts";
import { check } from "../../generator/pipeline.ts";
import { EXAMPLE, FIXTURES } from "../helpers/fixture-root.ts";
import { loadHandbook } from "../../generator/load/load-handbook.ts";

describe("the handbook's event directives", () => {
  it("are found outside code, each with its line and column, alone or inside other text", async () => {
    const { pages } = await loadHandbook(join(FIXTURES, "handbook-directives"));
    expect(findDirectives(pages[0]!.markdown)).toEqual([
      { line: 5, column: 1, name: "tracks", alone: true },
      { line: 7, column: 1, name: "track", alone: true },
      { line: 9, column: 17, name: "robots", alone: false },
      { line: 11, column: 1, name: "deadlines", alone: true },
      { line: 15, column: 3, name: "judging", alone: true },
      { line: 25, column: 3, name: "prizes", alone: false },
      { line: 27, column: 1, name: "tracks", alone: false },
    ]);
  });

  it("are errors when unknown or not a paragraph of their own, with file, line, expected and fix, all in one run", async () => {
    const { diagnostics, ok } = await check({ root: join(FIXTURES, "handbook-directives") });
    const found = diagnostics.filter((d) => d.rule === "handbook-directive");
    expect(ok).toBe(false);
    expect(found.map((d) => [d.file, d.line, d.column, d.severity, d.found])).toEqual([
      ["site/handbook/10-facts.md", 7, 1, "error", '"track"'],
      ["site/handbook/10-facts.md", 9, 17, "error", "a directive inside other text, a heading or a table"],
      ["site/handbook/10-facts.md", 25, 3, "error", "a directive inside other text, a heading or a table"],
      ["site/handbook/10-facts.md", 27, 1, "error", "a directive inside other text, a heading or a table"],
    ]);
    expect(found[0]!.message).toBe(
      'an event directive must name one of tracks, robots, deadlines, judging, prizes (found "track")',
    );
    expect(found[0]!.fix).toContain("<!-- event: tracks -->");
    expect(found[1]!.fix).toBe(
      "Put <!-- event: robots --> on a line of its own, with a blank line before and after it.",
    );
  });

  it("in the sample's handbook are all known and alone", async () => {
    const { diagnostics } = await check({ root: EXAMPLE });
    expect(diagnostics.filter((d) => d.rule === "handbook-directive")).toEqual([]);
    const { pages } = await loadHandbook(EXAMPLE);
    expect(pages.flatMap((p) => findDirectives(p.markdown).map((d) => d.name)).sort()).toEqual([
      "deadlines",
      "judging",
      "prizes",
      "robots",
      "robots",
      "tracks",
      "tracks",
    ]);
  });
});
