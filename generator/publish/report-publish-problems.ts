import * as core from "@actions/core";
import { check, type PipelineOptions } from "../pipeline.ts";
import { broughtBy } from "./brought-by.ts";
import { publishAnnotations } from "./publish-annotations.ts";
import { publishProblems, type PublishProblem } from "./publish-problems.ts";
import { renderPublishSummary } from "./publish-summary.ts";

/**
 * After Publish's build failed: checks the records again (load → validate, the build's own first
 * stages, from its record cache), and tells the organiser which records stop it and who brought
 * them: error annotations on their lines, and the job summary (GITHUB_STEP_SUMMARY; printed when
 * there is none). It writes nothing else, and deploys nothing: the build already failed.
 */
export async function reportPublishProblems(
  options: PipelineOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PublishProblem[]> {
  const checked = await check(options);
  const problems = publishProblems(checked.diagnostics, checked.loaded);
  const files = [...new Set(problems.flatMap((p) => p.records.map((r) => r.file)))];
  const arrivals = await broughtBy(options.root, files);

  const { annotations, left } = publishAnnotations(problems, arrivals);
  for (const a of annotations) core.error(a.message, a.properties);
  if (left > 0) core.notice(`${left} more places are listed in the job summary.`);

  const server = env.GITHUB_SERVER_URL ?? "https://github.com";
  const repositoryUrl = env.GITHUB_REPOSITORY ? `${server}/${env.GITHUB_REPOSITORY}` : undefined;
  const summary = renderPublishSummary(problems, arrivals, { repositoryUrl, sha: env.GITHUB_SHA });
  if (env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(summary).write();
  else process.stdout.write(summary);
  return problems;
}
