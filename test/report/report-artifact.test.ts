import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  artifactFor,
  MAX_REPORT_BYTES,
  readReportArtifact,
  REPORT_FILE,
  type ReportArtifact,
} from "../../generator/report/report-artifact.ts";
import { tempDir } from "../helpers/fixture-root.ts";

const pullRequest = { number: 7, headSha: "a".repeat(40), baseSha: "b".repeat(40) };
const valid: ReportArtifact = {
  version: 1,
  pullRequest,
  ok: true,
  diagnostics: [],
  diff: {
    event: [],
    teams: { added: ["x"], removed: [], changed: [] },
    projects: { added: [], removed: [], changed: [] },
  },
};

async function artifactDir(content: string | Buffer): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, REPORT_FILE), content);
  return dir;
}

describe("reading the Validate artifact as untrusted data", () => {
  it("accepts a report that matches the schema", async () => {
    expect(await readReportArtifact(await artifactDir(JSON.stringify(valid)))).toEqual({
      ok: true,
      report: valid,
    });
  });

  it.each([
    [
      "an extra key",
      { ...valid, command: "rm -rf /" },
      "report.json does not match its schema: / must NOT have additional properties",
    ],
    [
      "a head SHA that is not one",
      { ...valid, pullRequest: { ...pullRequest, headSha: "main" } },
      'report.json does not match its schema: /pullRequest/headSha must match pattern "^[0-9a-f]{40}$"',
    ],
    [
      "a PR number that is text",
      { ...valid, pullRequest: { ...pullRequest, number: "7" } },
      "report.json does not match its schema: /pullRequest/number must be integer",
    ],
    [
      "a slug with markup",
      { ...valid, diff: { ...valid.diff!, teams: { added: ["<b>x</b>"], removed: [], changed: [] } } },
      'report.json does not match its schema: /diff/teams/added/0 must match pattern "^[a-z0-9]+(-[a-z0-9]+)*$"',
    ],
    [
      "a file name with a line break",
      {
        ...valid,
        diagnostics: [{ file: "a\nb", line: 1, column: 1, severity: "error", rule: "x", message: "m" }],
      },
      'report.json does not match its schema: /diagnostics/0/file must match pattern "^[^\\u0000-\\u001f]*$"',
    ],
    [
      "a read hint outside the records",
      { ...valid, reads: ["records/teams/../../.github/workflows/report.yml"] },
      'report.json does not match its schema: /reads/0 must match pattern "^records/(teams|projects)/[a-z0-9]+(-[a-z0-9]+)*\\.yaml$"',
    ],
  ])("refuses %s", async (_, data, reason) => {
    expect(await readReportArtifact(await artifactDir(JSON.stringify(data)))).toEqual({ ok: false, reason });
  });

  it("refuses text that is not JSON, a missing file, a symlink and an oversized file, before parsing", async () => {
    expect(await readReportArtifact(await artifactDir("{"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^report.json is not JSON/),
    });
    expect(await readReportArtifact(await tempDir())).toEqual({
      ok: false,
      reason: "the artifact has no report.json",
    });

    const linked = await tempDir();
    await symlink("/etc/passwd", join(linked, REPORT_FILE));
    expect(await readReportArtifact(linked)).toEqual({
      ok: false,
      reason: "report.json in the artifact is not a regular file",
    });

    const dir = await tempDir();
    await mkdir(join(dir, REPORT_FILE));
    expect(await readReportArtifact(dir)).toEqual({
      ok: false,
      reason: "report.json in the artifact is not a regular file",
    });

    const big = await artifactDir(Buffer.alloc(MAX_REPORT_BYTES + 1, " "));
    expect(await readReportArtifact(big)).toEqual({
      ok: false,
      reason: `report.json is ${MAX_REPORT_BYTES + 1} bytes, over the ${MAX_REPORT_BYTES}-byte limit`,
    });
  });

  it("writes what it reads: a report with awkward file names and long text is clipped to fit the schema", async () => {
    const report = artifactFor(
      pullRequest,
      false,
      [
        {
          file: "records/teams/a\u0007b.yaml",
          line: 1,
          column: 1,
          severity: "error",
          rule: "file-name",
          message: "m".repeat(5000),
          found: "f".repeat(5000),
        },
      ],
      null,
    );
    expect(report.diagnostics[0]).toMatchObject({
      file: "records/teams/a?b.yaml",
      message: `${"m".repeat(3999)}…`,
    });
    expect(report.diagnostics[0]!.found).toHaveLength(4000);
    expect(await readReportArtifact(await artifactDir(JSON.stringify(report)))).toEqual({ ok: true, report });
  });
});
