import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import { pickAnnotations, toAnnotation } from "../../generator/report/annotations.ts";

function problems(file: string, count: number, severity: Diagnostic["severity"] = "error"): Diagnostic[] {
  return Array.from({ length: count }, (_, i) => ({
    file,
    line: i + 1,
    column: 3,
    severity,
    rule: "unknown-field",
    message: `problem ${i + 1}`,
  }));
}

const id = (d: Diagnostic) => `${d.severity[0]}:${d.file}:${d.line}`;

describe("annotations", () => {
  it("takes the first problem of every file before the second of any, up to 10 errors", () => {
    const list = [...problems("a.yaml", 6), ...problems("b.yaml", 1), ...problems("c.yaml", 5)];
    expect(pickAnnotations(list).map(id)).toEqual([
      "e:a.yaml:1",
      "e:b.yaml:1",
      "e:c.yaml:1",
      "e:a.yaml:2",
      "e:c.yaml:2",
      "e:a.yaml:3",
      "e:c.yaml:3",
      "e:a.yaml:4",
      "e:c.yaml:4",
      "e:a.yaml:5",
    ]);
  });

  it("caps warnings separately from errors", () => {
    const list = [...problems("a.yaml", 12, "warning"), ...problems("b.yaml", 2)];
    const picked = pickAnnotations(list);
    expect(picked.filter((d) => d.severity === "error").map(id)).toEqual(["e:b.yaml:1", "e:b.yaml:2"]);
    expect(picked.filter((d) => d.severity === "warning")).toHaveLength(10);
  });

  it("places the annotation on the file, line and column, with the fix and the rule", () => {
    const annotation = toAnnotation({
      file: "records/projects/foo.yaml",
      line: 7,
      column: 8,
      severity: "error",
      rule: "project-track",
      message: 'track must be one of sim, hardware, both or null (found "hw")',
      fix: "Use a track id from records/event.yaml, or null.",
    });
    expect(annotation).toEqual({
      severity: "error",
      message:
        'track must be one of sim, hardware, both or null (found "hw"). Fix: Use a track id from records/event.yaml, or null.',
      properties: { title: "project-track", file: "records/projects/foo.yaml", startLine: 7, startColumn: 8 },
    });
  });

  it("keeps record text in an annotation one line, with direction overrides shown, not obeyed", () => {
    const annotation = toAnnotation({
      file: "records/teams/a.yaml",
      line: 1,
      column: 1,
      severity: "error",
      rule: "yaml-syntax",
      message: "`name`'s value opens a quote (found \"Night \u2066Shift\u202e)",
      fix: 'Write `name: "Night \u2066Shift"` on line 1.\nnext',
    });
    expect(annotation.message).toBe(
      '`name`\'s value opens a quote (found "Night \\u2066Shift\\u202e). Fix: Write `name: "Night \\u2066Shift"` on line 1. next',
    );
  });
});
