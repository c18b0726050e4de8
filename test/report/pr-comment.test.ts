import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/diagnostics/diagnostic.ts";
import type { OwnershipVerdict } from "../../generator/ownership/decide-ownership.ts";
import { COMMENT_MARKER, renderComment } from "../../generator/report/pr-comment.ts";
import type { ReportArtifact } from "../../generator/report/report-artifact.ts";

const HEAD = "a".repeat(40);
const HOSTILE =
  "<script>alert(1)</script><img src=x onerror=alert(2)> @octocat | `x` [y](javascript:alert(3))";

const verdict: OwnershipVerdict = {
  author: "lenafischer",
  organiser: false,
  allowed: false,
  refusals: [],
  codeChanged: ["generator/pipeline.ts"],
  files: [
    {
      path: "records/teams/gripper-gang.yaml",
      status: "modified",
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      path: "generator/pipeline.ts",
      status: "modified",
      allowed: false,
      reason: "changes outside records/teams/ and records/projects/ need an organiser",
    },
  ],
};

function report(diagnostics: Diagnostic[], diff: ReportArtifact["diff"]): ReportArtifact {
  return {
    version: 1,
    pullRequest: { number: 7, headSha: HEAD, baseSha: "b".repeat(40) },
    ok: diagnostics.length === 0,
    diagnostics,
    diff,
  };
}

const emptyCollection = { added: [], removed: [], changed: [] };
const input = (r: ReportArtifact) => ({
  report: r,
  verdict,
  repositoryUrl: "https://github.com/org/sprint",
  runUrl: "https://github.com/org/sprint/actions/runs/42",
});

describe("the pull-request comment", () => {
  it("starts with the marker and shows result, problems with line links, ownership and the API diff", () => {
    const body = renderComment(
      input(
        report(
          [
            {
              file: "records/teams/bad.yaml",
              line: 3,
              column: 7,
              severity: "error",
              rule: "unknown-field",
              message: "membres is not a field",
              fix: "Use members.",
            },
          ],
          {
            event: [],
            teams: { ...emptyCollection, added: ["new-team"] },
            projects: {
              ...emptyCollection,
              changed: [
                {
                  slug: "soft-grasp",
                  fields: [{ path: "title", before: "Soft Grasp", after: "Softer Grasp" }],
                },
              ],
            },
          },
        ),
      ),
    );
    expect(body.split("\n")[0]).toBe(COMMENT_MARKER);
    expect(body).toContain(
      "| Records | ⚠️ unverified, the pull request changes the checks' code: ❌ 1 error, 0 warnings |",
    );
    expect(body).toContain(
      "⚠️ This pull request changes code the checks ran (`generator/pipeline.ts`), so the Records result is only its own word: an organiser must review it.",
    );
    expect(body).toContain("| Ownership | ❌ needs an organiser |");
    expect(body).toContain("| Published API | 1 team added, 1 project changed |");
    expect(body).toContain(
      "| ❌ | [records/teams/bad\\.yaml\\:3\\:7](<https://github.com/org/sprint/blob/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/records/teams/bad.yaml#L3>) | `unknown-field` | membres is not a field Fix: Use members\\. |",
    );
    expect(body).toContain(
      "| ❌ | `generator/pipeline.ts` | modified | changes outside records/teams/ and records/projects/ need an organiser |".replace(
        /\//g,
        "/",
      ),
    );
    expect(body).toContain("**Teams**: added `new-team`");
    expect(body).toContain("**Projects**: changed `soft-grasp`");
    expect(body).toContain('| `title` | `"Soft Grasp"` | `"Softer Grasp"` |');
    expect(body).toContain("[the Validate run](<https://github.com/org/sprint/actions/runs/42>)");
  });

  it("renders hostile record text inert: no HTML, no link, no mention", () => {
    const body = renderComment(
      input(
        report(
          [
            {
              file: "records/teams/x.yaml",
              line: 1,
              column: 1,
              severity: "error",
              rule: "schema",
              message: HOSTILE,
              found: HOSTILE,
              fix: HOSTILE,
            },
          ],
          {
            event: [{ path: "name", before: HOSTILE, after: HOSTILE }],
            teams: emptyCollection,
            projects: emptyCollection,
          },
        ),
      ),
    );
    // GitHub renders comments as GFM with some HTML allowed; markdown-it with html on is stricter than its sanitiser.
    const html = new MarkdownIt({ html: true }).render(body);
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual([
      "a",
      "code",
      "details",
      "h3",
      "h4",
      "p",
      "sub",
      "summary",
      "table",
      "tbody",
      "td",
      "th",
      "thead",
      "tr",
    ]);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.every((h) => h!.startsWith("https://github.com/org/sprint/"))).toBe(true);
    // GitHub links mentions in text, never inside code.
    expect(html.replace(/<code>[^<]*<\/code>/g, "")).not.toMatch(/@octocat/);
  });
});
