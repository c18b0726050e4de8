import { appendFile, cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, TYPES_PATH } from "../../generator/contract/render-record-types.ts";
import { readReportArtifact } from "../../generator/report/report-artifact.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { pullRequestEvent } from "../helpers/github-model/webhook-events.ts";
import { runAction } from "../helpers/run-action.ts";

const HEAD = "1".repeat(40);
const BASE = "2".repeat(40);
/** GitHub's published pull_request payload, for #7 at these commits. */
const event = pullRequestEvent(7, HEAD, BASE);

/** A pull request's checkout as the Validate job has it: the head at the root, the base beside it. */
async function checkout(): Promise<string> {
  const root = await exampleRoot();
  await mkdir(join(root, "generator/contract"), { recursive: true });
  await writeFile(join(root, TYPES_PATH), await readFile(join(REPO_ROOT, TYPES_PATH)));
  await cp(join(root, "records"), join(root, "base-checkout/records"), { recursive: true });
  await cp(join(root, "site"), join(root, "base-checkout/site"), { recursive: true });
  return root;
}

async function validate(root: string) {
  const reportDir = join(await tempDir(), "pr-report");
  const run = await runAction("validate", event, {
    GITHUB_WORKSPACE: root,
    BASE_ROOT: "base-checkout",
    REPORT_DIR: reportDir,
  });
  const artifact = await readReportArtifact(reportDir);
  if (!artifact.ok) throw new Error(`${artifact.reason}\n${run.stdout}\n${run.stderr}`);
  return { ...run, report: artifact.report };
}

const commands = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("::"));

describe("the Validate step, run as GitHub runs it", () => {
  it("passes a valid change and reports what it changes in the API", async () => {
    const root = await checkout();
    await writeFile(
      join(root, "records/teams/new-team.yaml"),
      "name: New Team\nlookingForMembers: true\nskillsWanted: [ROS 2]\nmembers:\n  - name: Ada\n    github: ada\n",
    );
    const run = await validate(root);
    expect(run.code).toBe(0);
    expect(commands(run.stdout)).toEqual([]);
    expect(run.report).toEqual({
      version: 1,
      pullRequest: { number: 7, headSha: HEAD, baseSha: BASE },
      ok: true,
      diagnostics: [],
      diff: {
        event: [],
        teams: { added: ["new-team"], removed: [], changed: [] },
        projects: { added: [], removed: [], changed: [] },
      },
      // What Report reads with its first query.
      reads: ["records/teams/new-team.yaml"],
    });
    expect(run.summary).toContain("## ✅ The records are valid");
    expect(run.summary).toContain("### What merging changes in the published API (1 team added)");
    expect(run.summary).toContain("**Teams**: added `new-team`");
  });

  it("annotates the first problem of each file within GitHub's cap and lists every problem in the summary", async () => {
    const root = await checkout();
    // Four broken teams with three unknown fields each: 12 errors, more than the 10 GitHub shows.
    for (const slug of ["a-team", "b-team", "c-team", "d-team"])
      await writeFile(
        join(root, `records/teams/${slug}.yaml`),
        `name: ${slug}\nlookingForMembers: false\nmembres: 1\ncolour: red\nmotto: hi\nmembers:\n  - { name: A, github: a-person }\n`,
      );
    const run = await validate(root);
    expect(run.code).toBe(1);
    const lines = commands(run.stdout);
    const errors = lines.filter((l) => l.startsWith("::error"));
    expect(errors).toHaveLength(11); // 10 annotations, then setFailed's own ::error
    expect(errors.slice(0, 5)).toEqual([
      expect.stringMatching(/^::error title=unknown-field,file=records\/teams\/a-team\.yaml,line=3,col=1::/),
      expect.stringMatching(/^::error title=unknown-field,file=records\/teams\/b-team\.yaml,line=3,col=1::/),
      expect.stringMatching(/^::error title=unknown-field,file=records\/teams\/c-team\.yaml,line=3,col=1::/),
      expect.stringMatching(/^::error title=unknown-field,file=records\/teams\/d-team\.yaml,line=3,col=1::/),
      expect.stringMatching(/^::error title=unknown-field,file=records\/teams\/a-team\.yaml,line=4,col=1::/),
    ]);
    expect(errors[10]).toBe("::error::The records have problems: 12 errors, 0 warnings.");
    expect(lines).toContain("::notice::2 more problems are listed in the job summary.");
    expect(run.summary).toContain("## ❌ The records have problems");
    expect(run.summary.match(/^\| ❌ \|/gm)).toHaveLength(12);
    expect(run.summary).toContain(
      "[records/teams/d\\-team\\.yaml\\:5\\:1](<https://github.com/org/sprint/blob/1111111111111111111111111111111111111111/records/teams/d-team.yaml#L5>)",
    );
    expect(run.report.ok).toBe(false);
    expect(run.report.diff).toBeNull();
    expect(run.report.diagnostics).toHaveLength(12);
  });

  it("warns of each judge given more than judging.perJudgeMax, in the annotations and the report, and passes", async () => {
    const root = await checkout();
    // The example's 10 projects, each to its 3 judges: 10 each, one more than 9.
    await appendFile(join(root, "records/event.yaml"), "judging:\n  perJudgeMax: 9\n");
    const run = await validate(root);
    expect(run.code).toBe(0);
    expect(commands(run.stdout)).toEqual(
      [115, 119, 123].map((line) =>
        expect.stringMatching(
          new RegExp(
            `^::warning title=event-judge-load,file=records/event\\.yaml,line=${line},col=5::judge "`,
          ),
        ),
      ),
    );
    expect(run.report.ok).toBe(true);
    expect(run.report.diagnostics.map((d) => `${d.line} ${d.rule} ${d.found}`)).toEqual([
      "115 event-judge-load 10 projects",
      "119 event-judge-load 10 projects",
      "123 event-judge-load 10 projects",
    ]);
  });

  it("fails a pull request that commits the built site", async () => {
    const root = await checkout();
    await mkdir(join(root, "dist"));
    await writeFile(join(root, "dist/index.html"), "<p>hand-made</p>");
    const run = await validate(root);
    expect(run.code).toBe(1);
    expect(commands(run.stdout)[0]).toBe(
      "::error title=generated-output,file=dist,line=1,col=1::dist/ is the built site and is never committed (found 1 entries). Fix: Remove dist/ from the pull request; the Publish workflow builds it on merge.",
    );
    expect(run.report.ok).toBe(false);
  });
});
