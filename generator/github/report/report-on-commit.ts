import * as core from "@actions/core";
import { COMMENT_MARKER, renderComment } from "../../report/pr-comment.ts";
import type { ReportArtifact } from "../../report/report-artifact.ts";
import { ownershipTable, SUMMARY_BUDGET } from "../../report/sections.ts";
import { mdText } from "../../report/markdown-text.ts";
import { validatesPullRequest } from "../find-validate-run/run.ts";
import type { StatusState } from "../github-api.ts";
import { allComments } from "../more-pages.ts";
import type { TextWanted } from "../pull-query.ts";
import { openHeads, readSnapshot, type ShownStatus, type Snapshot } from "../pull-snapshot.ts";
import { groupBranch } from "../queue/judge-group.ts";
import { judgePull, type Judgement, type PullSource, type Verdict } from "./judge-pull.ts";

/** The commit status branch protection can require. */
export const OWNERSHIP_CONTEXT = "hackathon-registry / ownership";

export interface Writes {
  /** Sets the ownership status of a commit. */
  setStatus: (sha: string, status: ShownStatus & { state: StatusState | "pending" }) => Promise<void>;
  /** Updates comment `id`, or creates one; gives the comment's URL. */
  writeComment: (number: number, id: number | undefined, body: string) => Promise<string>;
  /** Waits before reading again (GitHub still computing a test merge). */
  wait: (ms: number) => Promise<void>;
}

export interface ReportInput {
  source: PullSource & Writes;
  /** Already checked: its head SHA is the one the watched run checked. */
  report: ReportArtifact;
  /** The branch the watched run ran on: an intake branch's issue is read with the pull request. */
  headBranch: string;
  validateRunUrl: string;
  defaultBranch: string;
  serverUrl: string;
  /** Record paths worth reading with the first query (the artifact's hint; see reportHints). */
  hints: readonly string[];
  retryMs: number;
  /** The bots whose marked comment is Report's own: the Actions bot, and the App's when one is set up. */
  commentAuthors: readonly string[];
  /** The Validate run the sweep named: judged only if GitHub lists it, finished, for this head. */
  validateRunId?: number;
}

/** What a Report run did for the commit, for its log and for tests. */
export type Outcome = { state: StatusState | "pending" | "none"; description: string; snapshot?: Snapshot };

/**
 * A commit status belongs to the commit, and every pull request with that head shows it. So the
 * ownership status is decided for the commit: `success` only when every open pull request with
 * this head is allowed; otherwise the status and each comment name the pull requests that hold it
 * back. A verdict is written only while the commit is still a head, and only what changed is
 * written (a comment whose text is new, a status whose state or words are).
 */
export async function reportOnCommit(input: ReportInput): Promise<Outcome> {
  const { source, report, defaultBranch } = input;
  const head = report.pullRequest.headSha;
  const wanted: TextWanted[] = ["records/event.yaml", ...input.hints].flatMap((path, i) =>
    i === 0
      ? [{ side: "base" as const, path }]
      : (["base", "head", "merge"] as const).map((side) => ({ side, path })),
  );
  const read = (number: number, headBranch: string, withList: boolean) =>
    settled(input, () =>
      readSnapshot(
        source.graphql,
        {
          repository: source.repository,
          number,
          head,
          base: defaultBranch,
          context: OWNERSHIP_CONTEXT,
          headBranch,
        },
        wanted,
        withList,
      ),
    );
  const first = await read(report.pullRequest.number, input.headBranch, true);
  const named = input.validateRunId;
  if (
    named !== undefined &&
    !first.validateRuns.some((r) => r.id === named && r.finished && validatesPullRequest(r))
  ) {
    core.notice(`Run ${named} is not a finished Validate run of ${head} for a pull request: nothing judged.`);
    return { state: "none", description: "the run named is not this head's Validate run", snapshot: first };
  }
  // A merge group's commit (a stranger may open a pull request with it as head): its verdict is the
  // group's Report's (../queue/), and a refusal written here would drop the group's entry from the queue.
  if (first.validateRuns.some(checksGroup)) {
    core.notice(`${head} is a merge group's commit: the group's own Report sets its status; nothing judged.`);
    return { state: "none", description: "a merge group's commit", snapshot: first };
  }
  const heads = await openHeads(source, first);
  const numbers = [...heads].filter(([, sha]) => sha === head).map(([n]) => n);
  if (numbers.length === 0) {
    core.notice(`No open pull request has head ${head} any more; the Report for its new head judges it.`);
    return { state: "none", description: "not a head any more", snapshot: first };
  }
  const judged: Judgement[] = [];
  for (const number of numbers) {
    const snapshot =
      number === first.pull.number && first.pull.headSha === head ? first : await read(number, "", false);
    judged.push(await judgePull(source, snapshot, defaultBranch));
  }
  // A pull request closed or pushed to while it was read no longer has this head; one retargeted,
  // or whose test merge changed, still has it and could not be judged: the commit waits.
  const kept = judged.filter((j) => !(j.moved !== undefined && j.gone));
  const unsure = kept.find((j) => j.moved !== undefined);
  if (kept.length === 0) {
    core.notice(`No open pull request has head ${head} any more; the Report for its new head judges it.`);
    return { state: "none", description: "not a head any more", snapshot: first };
  }
  if (unsure?.moved !== undefined) {
    const description = `${unsure.moved}; judged again within 10 minutes`;
    core.notice(description);
    await writeStatus(input, first.status, head, {
      state: "pending",
      description,
      targetUrl: input.validateRunUrl,
    });
    return { state: "pending", description, snapshot: first };
  }
  return writeVerdicts(input, kept as Array<Verdict & { snapshot: Snapshot }>, first);
}

async function writeVerdicts(
  input: ReportInput,
  verdicts: Array<Verdict & { snapshot: Snapshot }>,
  first: Snapshot,
): Promise<Outcome> {
  const { report, source, defaultBranch } = input;
  const head = report.pullRequest.headSha;
  const holding = verdicts.filter((j) => !j.allowed);
  const held = holding.map((j) => `#${j.pull.number}: ${j.reason}`);
  // The artifact's pull request, while it is open (a duplicate may have been closed since).
  const own =
    verdicts.find((j) => j.pull.number === report.pullRequest.number) ??
    verdicts.find((j) => j.pull.baseRef === defaultBranch) ??
    verdicts[0]!;
  const description =
    verdicts.length === 1 || holding.length === 0 ? own.reason : `held back by ${held.join("; ")}`;
  const repositoryUrl = `${input.serverUrl}/${source.repository}`;
  let target = "";
  for (const j of verdicts) {
    const heldBackBy = held.filter((line) => !line.startsWith(`#${j.pull.number}:`));
    const body = j.verdict
      ? renderComment({ report, verdict: j.verdict, repositoryUrl, runUrl: input.validateRunUrl, heldBackBy })
      : [
          COMMENT_MARKER,
          `### Registry check of \`${head.slice(0, 7)}\``,
          "",
          `❌ ${mdText(j.reason)}.`,
          "",
        ].join("\n");
    const found = (await allComments(source, j.snapshot)).find(
      (c) => c.bot && input.commentAuthors.includes(c.author) && c.body.startsWith(COMMENT_MARKER),
    );
    const url = found?.body === body ? found.url : await source.writeComment(j.pull.number, found?.id, body);
    if (j === own || target === "") target = url;
    core.info(
      `#${j.pull.number}: comment ${found?.body === body ? "unchanged" : found ? "updated" : "created"}; ${j.allowed ? "allowed" : "refused"}.`,
    );
    if (j.verdict)
      core.summary.addRaw(
        [`## Report for #${j.pull.number}`, "", ...ownershipTable(j.verdict, SUMMARY_BUDGET), ""].join("\n"),
      );
  }
  const state = holding.length === 0 ? "success" : "failure";
  await writeStatus(input, first.status, head, { state, description, targetUrl: target });
  await core.summary
    .addRaw(
      `\nOwnership of ${head}: ${holding.length === 0 ? "allowed" : `held back by ${held.join("; ")}`}\n`,
    )
    .write();
  return { state, description, snapshot: first };
}

/** A Validate run that checked a merge group: GitHub's merge_group run, or one dispatched on the group's branch. */
export const checksGroup = (run: { event: string; headBranch: string }): boolean =>
  run.event === "merge_group" ||
  (run.event === "workflow_dispatch" && groupBranch(run.headBranch) !== undefined);

/** GitHub keeps a status description to 140 characters. */
export const clipDescription = (text: string) => [...text].slice(0, 140).join("");

/** Writes the status unless the commit already shows exactly it. */
async function writeStatus(
  input: ReportInput,
  shown: ShownStatus | undefined,
  sha: string,
  status: ShownStatus & { state: StatusState | "pending" },
): Promise<void> {
  const next = { ...status, description: clipDescription(status.description) };
  if (
    shown &&
    shown.state === next.state &&
    shown.description === next.description &&
    shown.targetUrl === next.targetUrl
  )
    return core.info(`The ownership status of ${sha} is already ${next.state}: not written again.`);
  await input.source.setStatus(sha, next);
}

/** GitHub works out a test merge in the background: while it says UNKNOWN, the read is made again a few times. */
async function settled(input: ReportInput, read: () => Promise<Snapshot>): Promise<Snapshot> {
  let snapshot = await read();
  for (
    let attempt = 1;
    snapshot.pull.mergeable === null && snapshot.pull.state === "open" && attempt <= 3;
    attempt++
  ) {
    await input.source.wait(input.retryMs * 2 ** attempt);
    snapshot = await read();
  }
  return snapshot;
}
