import { reportPublishProblems } from "../publish/report-publish-problems.ts";
import { runCommand } from "./options.ts";

const USAGE = `usage: node compiled/cli/publish-problems.mjs [--root DIR]

Run by the Publish workflow when its build failed: names each problem in the records, the records
it involves and the pull request that last brought each to the branch, as error annotations and in
the job summary (GITHUB_STEP_SUMMARY, else on stdout). Writes no site and deploys nothing.`;

/** Publish's step after a failed build: tell the organiser which records clash, and what to do. */
await runCommand(USAGE, async (options) => {
  await reportPublishProblems(options);
});
