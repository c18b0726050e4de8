import * as core from "@actions/core";
import { COMMENT_MARKER, renderComment } from "../../report/pr-comment.ts";
import type { ReportArtifact } from "../../report/report-artifact.ts";
import { ownershipTable, SUMMARY_BUDGET } from "../../report/sections.ts";
import { mdText } from "../../report/markdown-text.ts";
import { retryBaseMsOf, type GithubApi, type StatusState } from "../github-api.ts";
import { judgePull, type Judgement, type Verdict } from "./judge-pull.ts";

export interface ReportInput {
  api: GithubApi;
  env: NodeJS.ProcessEnv;
  /** Already checked: its head SHA is the one the watched run checked. */
  report: ReportArtifact;
  validateRunUrl: string;
  defaultBranch: string;
  setStatus: (state: StatusState, description: string, targetUrl: string) => Promise<void>;
}

/**
 * A commit status belongs to the commit, and every pull request with that head shows it. So the
 * ownership status is decided for the commit: `success` only when every open pull request with
 * this head is allowed; otherwise the status and each comment name the pull requests that hold it
 * back, so an organiser can close a duplicate (or approve) and re-run Report.
 */
export async function reportOnCommit({
  api,
  env,
  report,
  validateRunUrl,
  defaultBranch,
  setStatus,
}: ReportInput) {
  const head = report.pullRequest.headSha;
  const open = await api.openPullsWithHead(head);
  if (open.length === 0)
    return core.notice(
      `No open pull request has head ${head} any more; the Validate run for a new head will report.`,
    );
  const judged: Judgement[] = [];
  for (const pull of open)
    judged.push(await judgePull(api, pull, defaultBranch, env.GITHUB_REPOSITORY ?? "", retryBaseMsOf(env)));
  // A pull request closed, retargeted or pushed to while it was read leaves no verdict: the commit
  // gets a refusal rather than keeping an older one (a base change starts no new run).
  const moved = judged.find((j) => j.moved !== undefined);
  if (moved) {
    core.notice(`${moved.moved}; the Validate run for a new head will report.`);
    return setStatus("failure", `${moved.moved}; re-run the Report workflow`, validateRunUrl);
  }
  const verdicts = judged.filter((j): j is Verdict => j.moved === undefined);
  const holding = verdicts.filter((j) => !j.allowed);
  const held = holding.map((j) => `#${j.pull.number}: ${j.reason}`);

  // The artifact's pull request, while it is open (a duplicate may have been closed since).
  const own =
    verdicts.find((j) => j.pull.number === report.pullRequest.number) ??
    verdicts.find((j) => j.pull.baseRef === defaultBranch) ??
    verdicts[0]!;
  const description =
    verdicts.length === 1 || holding.length === 0 ? own.reason : `held back by ${held.join("; ")}`;
  const repositoryUrl = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}`;
  let target = "";
  for (const j of verdicts) {
    const heldBackBy = held.filter((line) => !line.startsWith(`#${j.pull.number}:`));
    const body = j.verdict
      ? renderComment({ report, verdict: j.verdict, repositoryUrl, runUrl: validateRunUrl, heldBackBy })
      : [
          COMMENT_MARKER,
          `### Registry check of \`${head.slice(0, 7)}\``,
          "",
          `❌ ${mdText(j.reason)}.`,
          "",
        ].join("\n");
    const comment = await api.upsertComment(j.pull.number, COMMENT_MARKER, body);
    if (j === own || target === "") target = comment.url;
    core.info(
      `#${j.pull.number}: comment ${comment.created ? "created" : "updated"}; ${j.allowed ? "allowed" : "refused"}.`,
    );
    if (j.verdict)
      core.summary.addRaw(
        [`## Report for #${j.pull.number}`, "", ...ownershipTable(j.verdict, SUMMARY_BUDGET), ""].join("\n"),
      );
  }
  await setStatus(holding.length === 0 ? "success" : "failure", description, target);
  await core.summary
    .addRaw(
      `\nOwnership of ${head}: ${holding.length === 0 ? "allowed" : `held back by ${held.join("; ")}`}\n`,
    )
    .write();
}
