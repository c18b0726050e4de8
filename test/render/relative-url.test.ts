import { describe, expect, it } from "vitest";
import { linksFrom, upTo } from "../../generator/render/shared/relative-url.ts";

const BASE = "https://org.github.io/sprint/";

describe("linksFrom", () => {
  it("writes the site's own addresses relatively from the page's folder", () => {
    const fromTeam = linksFrom(BASE, "teams/a.html");
    expect(fromTeam(`${BASE}projects/b.html`)).toBe("../projects/b.html");
    expect(fromTeam(`${BASE}#judging`)).toBe("../#judging");
    expect(fromTeam(BASE)).toBe("../");
    expect(fromTeam("teams/")).toBe("../teams/");
    const fromHome = linksFrom(BASE, "");
    expect(fromHome(BASE)).toBe("./");
    expect(fromHome(`${BASE}images/a.svg`)).toBe("images/a.svg");
    expect(linksFrom(BASE, "handbook/")(`${BASE}handbook/faq.html`)).toBe("../handbook/faq.html");
  });

  it("keeps other sites, mail addresses and same-page anchors as they are", () => {
    const local = linksFrom(BASE, "handbook/rules.html");
    expect(local("https://github.com/x")).toBe("https://github.com/x");
    expect(local("https://org.github.io/other/")).toBe("https://org.github.io/other/");
    expect(local("mailto:a@example.org")).toBe("mailto:a@example.org");
    expect(local("#fields")).toBe("#fields");
  });

  it("counts folders, not files", () => {
    expect([upTo(""), upTo("developers.html"), upTo("teams/"), upTo("teams/a.html")]).toEqual([
      "",
      "",
      "../",
      "../",
    ]);
  });
});
