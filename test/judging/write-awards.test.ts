import { describe, expect, it } from "vitest";
import { lineDiff } from "../../generator/judging/line-diff.ts";
import { setAwards } from "../../generator/judging/write-awards.ts";

const EVENT = `name: Sprint # the event
awards:
  # the crowd's pick, not a prize
  - name: Audience award
    projects: [p9]
  - name: Old best
    prize: best
    description: Kept as written.
    projects: [p1]
organisers: [ada]
`;

describe("setAwards", () => {
  it("replaces a tallied prize's award where it is, keeps other awards and every comment, adds the rest", () => {
    const after = setAwards(
      EVENT,
      [
        { name: "Best", prize: "best", projects: ["p2", "p3"] },
        { name: "Best sim", prize: "sim", projects: ["p4"] },
      ],
      ["best", "sim"],
    );
    expect(after).toBe(`name: Sprint # the event
awards:
  # the crowd's pick, not a prize
  - name: Audience award
    projects: [p9]
  - name: Best
    prize: best
    description: Kept as written.
    projects: [p2, p3]
  - name: Best sim
    prize: sim
    projects: [p4]
organisers: [ada]
`);
    expect(lineDiff("records/event.yaml", EVENT, after)).toBe(`--- a/records/event.yaml
+++ b/records/event.yaml
@@ -3,8 +3,11 @@
   # the crowd's pick, not a prize
   - name: Audience award
     projects: [p9]
-  - name: Old best
+  - name: Best
     prize: best
     description: Kept as written.
-    projects: [p1]
+    projects: [p2, p3]
+  - name: Best sim
+    prize: sim
+    projects: [p4]
 organisers: [ada]
`);
  });

  it("keeps a tallied prize's award when nobody won it this time, and adds no empty awards to an event without", () => {
    expect(setAwards(EVENT, [], ["best"])).toBe(EVENT);
    expect(setAwards(EVENT, [{ name: "Best sim", prize: "sim", projects: ["p4"] }], ["best", "sim"])).toBe(
      `${EVENT.replace("organisers: [ada]\n", "")}  - name: Best sim\n    prize: sim\n    projects: [p4]\norganisers: [ada]\n`,
    );
    expect(setAwards("name: Sprint\n", [], [])).toBe("name: Sprint\n");
  });

  it("writes back the awards alone: CRLF line ends, folded text, quoting and comments elsewhere keep every byte", () => {
    const text = [
      'name: "Sprint"  # quoted, two spaces before the comment',
      "tagline: >-",
      "  A long line folded",
      "  over two.",
      "awards: []",
      "organisers: [ada]   # three spaces",
      "",
    ].join("\r\n");
    const after = setAwards(text, [{ name: "Best", prize: "best", projects: ["p2"] }], ["best"]);
    expect(after).toBe(
      text.replace("awards: []", "awards:\r\n  - name: Best\r\n    prize: best\r\n    projects: [p2]"),
    );
  });

  it("adds awards at the end of a file without, in its own line ends", () => {
    expect(
      setAwards(
        "name: Sprint\r\norganisers: [ada]",
        [{ name: "Best", prize: "best", projects: ["p2"] }],
        ["best"],
      ),
    ).toBe(
      "name: Sprint\r\norganisers: [ada]\r\nawards:\r\n  - name: Best\r\n    prize: best\r\n    projects: [p2]\r\n",
    );
  });
});
