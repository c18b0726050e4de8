import { describe, expect, it } from "vitest";
import { formatLine } from "../../generator/diagnostics/format-line.ts";

describe("formatLine", () => {
  it("keeps a problem on one line that reads as written, file name and record text alike", () => {
    const line = formatLine({
      file: "records/teams/a\u001b[2J\u202e.yaml",
      line: 3,
      column: 5,
      severity: "error",
      rule: "record-folder",
      message: "name must be text\n(found \u2066x)",
      fix: "Rename it.\u0007",
    });
    expect(line).toBe(
      "records/teams/a\\u001b[2J\\u202e.yaml:3:5 error name must be text\\u000a(found \\u2066x) Fix: Rename it.\\u0007 [record-folder]",
    );
  });
});
