import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { clashComment, MAX_LISTED } from "../../generator/github/queue/group-comment.ts";

/** The clash comment's placing of each record (the pull request's own, or merged ahead), its escaping and its cap. */
const clash = (file: string, other: string, name = "Twin"): Diagnostic => ({
  file,
  line: 1,
  column: 7,
  severity: "error",
  rule: "name-unique",
  message: `name must differ from every other team's (found "${name}"; ${other} has "${name}")`,
});

describe("clashComment", () => {
  it("names the pull request's own record whether the diagnostic stands on it or on the record ahead", () => {
    const own = ["records/teams/twin-a.yaml"];
    const onTheirs = clashComment(
      "abcdef1234",
      [clash("records/teams/twin-b.yaml", own[0]!)],
      "https://x/run",
      own,
    );
    const onMine = clashComment(
      "abcdef1234",
      [clash(own[0]!, "records/teams/twin-b.yaml")],
      "https://x/run",
      own,
    );
    for (const body of [onTheirs, onMine]) {
      expect(body).toContain(
        "- `records/teams/twin-a.yaml` (this pull request) clashes with `records/teams/twin-b.yaml`, merged or queued ahead: name must differ",
      );
      expect(body).toContain("Change your record");
    }
  });

  it("says when no listed record is the pull request's, and keeps the general advice", () => {
    const body = clashComment("abcdef1234", [clash("records/teams/x.yaml", "records/teams/y.yaml")], "u", []);
    expect(body).toContain("- `records/teams/x.yaml` line 1 (not changed by this pull request): ");
    expect(body).not.toContain("Change your record");
  });

  it("escapes what the artifact says and caps the list, the pull request's own records first", () => {
    const hostile = "records/teams/<img src=x>`|@octocat.yaml";
    const theirs = Array.from({ length: MAX_LISTED }, (_, i) =>
      clash(`records/teams/o${i}.yaml`, `records/teams/p${i}.yaml`),
    );
    const mine = clash(hostile, "records/teams/z.yaml", "**@octocat** <b>");
    const body = clashComment("abcdef1234", [...theirs, mine], "u", [hostile]);
    const rows = body.split("\n").filter((l) => l.startsWith("- "));
    expect(rows).toHaveLength(MAX_LISTED + 1);
    expect(rows[0]).toContain("(this pull request) clashes with `records/teams/z.yaml`");
    expect(rows.at(-1)).toBe("- … and 1 more (see the run)");
    // The path is a code span (rendered literally, its pipe escaped for a table); the message is text.
    expect(rows[0]).toContain("``records/teams/<img src=x>`\\|@octocat.yaml``");
    expect(body.replace(/``[^\n]*?``/g, "")).not.toMatch(/<img|<b>|\*\*@octocat/);
    expect(body).toContain("@\u2060octocat");
  });
});
