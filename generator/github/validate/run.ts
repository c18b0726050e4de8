import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import * as core from "@actions/core";
import { hasErrors, sortDiagnostics } from "../../diagnostics/diagnostic.ts";
import { formatSummary } from "../../diagnostics/format-line.ts";
import { diffModels } from "../../diff/api-diff.ts";
import { checkBuild, deriveSite } from "../../pipeline.ts";
import { pickAnnotations, toAnnotation } from "../../report/annotations.ts";
import { generatedOutputProblems } from "../../report/generated-output.ts";
import { renderJobSummary } from "../../report/job-summary.ts";
import { lineLink } from "../../report/pr-comment.ts";
import { groupArtifactFor } from "../../report/group-artifact.ts";
import { artifactFor, REPORT_FILE } from "../../report/report-artifact.ts";
import { reportHints } from "../../report/report-hints.ts";
import { dispatchedGroupOf, mergeGroupOf, pullRequestOf, readEvent, required } from "../event-payload.ts";

/** Both sides are derived with one base URL, so only record changes show in the diff. */
const DIFF_BASE_URL = "https://registry.invalid/";

/**
 * The Validate workflow (`pull_request`, read-only token): check the pull request's records and
 * its generated files, build its site (every page rendered and checked, none written), compare its
 * API with the base branch's, annotate the first problems, summarise all of them, and leave the
 * report for the Report workflow as an artifact.
 * On `merge_group` (GitHub's merge queue) the same for the group's head commit, which holds the
 * base, every entry ahead and the pull request: records that clash across pull requests (two teams
 * of one name) are caught here; its artifact names the group (group-artifact.ts). Dispatched on a
 * group's branch (a GITHUB_TOKEN enqueue's group, which gets no merge_group run) it checks the
 * group exactly so.
 *
 * Environment: GITHUB_WORKSPACE (the PR checkout), GITHUB_EVENT_PATH, GITHUB_STEP_SUMMARY,
 * BASE_ROOT (a checkout of the base commit, relative to the workspace), REPORT_DIR.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const root = resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const event = await readEvent(env);
  const group = mergeGroupOf(event) ?? dispatchedGroupOf(event, env);
  const pr = group ? undefined : pullRequestOf(event, env);
  const headSha = group?.headSha ?? pr!.headSha;
  const reportDir = required(env, "REPORT_DIR");

  const generated = await generatedOutputProblems(root);
  // The whole site rendered and checked as a build writes it, nothing written: the job keeps no site.
  const built = await checkBuild({ root, baseUrl: DIFF_BASE_URL, env });
  const base = env.BASE_ROOT
    ? await deriveSite({ root: resolve(root, env.BASE_ROOT), baseUrl: DIFF_BASE_URL, env })
    : undefined;
  if (base && !base.ok)
    core.warning("The base branch's records do not build; the API diff treats every entry as added.");

  const diagnostics = sortDiagnostics([...generated, ...built.diagnostics]);
  const diff = built.ok ? diffModels(base?.ok ? base.model : null, built.model) : null;
  const ok = built.ok && !hasErrors(diagnostics);

  const picked = pickAnnotations(diagnostics);
  for (const a of picked.map(toAnnotation))
    (a.severity === "error" ? core.error : core.warning)(a.message, a.properties);
  if (picked.length < diagnostics.length)
    core.notice(`${diagnostics.length - picked.length} more problems are listed in the job summary.`);

  const repositoryUrl = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY ?? ""}`;
  await core.summary.addRaw(renderJobSummary(diagnostics, diff, lineLink(repositoryUrl, headSha))).write();

  const hints = reportHints(diff, [root, ...(env.BASE_ROOT ? [resolve(root, env.BASE_ROOT)] : [])]);
  await mkdir(reportDir, { recursive: true });
  await writeFile(
    join(reportDir, REPORT_FILE),
    JSON.stringify(
      group
        ? groupArtifactFor(
            { headSha, baseSha: group.baseSha, headRef: group.headRef },
            ok,
            diagnostics,
            diff,
            hints,
          )
        : artifactFor(pr!, ok, diagnostics, diff, hints),
    ),
  );

  if (!ok) core.setFailed(`The records have problems: ${formatSummary(diagnostics)}.`);
  else core.info(`The records are valid (${formatSummary(diagnostics)}).`);
}
