import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { intakeBranch } from "./intake-branch.ts";
import type { IssueForm } from "../../load/forms/issue-forms.ts";
import { mdText } from "../../report/markdown-text.ts";
import type { IntakeApi, IntakeState } from "./intake-api.ts";
import type { Issue } from "./run.ts";

interface Proposal {
  issue: Issue;
  form: IssueForm;
  built: { file: string; slug: string; text: string };
  /** The record's own warnings, listed in the pull request. */
  warnings: Diagnostic[];
  /** The commit whose files the record was built and checked from. */
  read: string;
  base: string;
  /** Dispatch Validate on the branch (a GITHUB_TOKEN's pull request starts no workflow). */
  dispatch: boolean;
  /** What GitHub held when the intake read it: the branch, its pull request, the tree built on. */
  state: IntakeState;
}

/**
 * The record as one pull request from `intake/issue-<n>`: a new commit on the commit it was read
 * from, so the pull request shows exactly this change and anything merged meanwhile meets it as a
 * conflict. An issue edited again gets a new such commit on the same branch and pull request.
 */
export async function proposeRecord(api: IntakeApi, p: Proposal) {
  const { issue, form, built } = p;
  const branch = intakeBranch(issue.number);
  const message = `${form.name}: ${built.slug} (#${issue.number})`;
  const sha = await api.commitFile(p.read, p.state.treeOid, built.file, built.text, message);
  await api.pointBranch(branch, sha, p.state.branchExists);
  const text = {
    title: `${form.name}: ${built.slug}`,
    body: [
      `Closes #${issue.number}`,
      "",
      `Opened by the intake from issue #${issue.number}, on behalf of @${issue.author}. It changes one file, \`${built.file}\`.`,
      ...(p.warnings.length
        ? ["", "Warnings:", ...p.warnings.map((d) => `- line ${d.line}: ${mdText(d.message)}`)]
        : []),
    ].join("\n"),
  };
  const open = p.state.pull;
  // Every run says what the pull request now changes: an edit may rename the record.
  if (open) await api.updatePull(open.number, text);
  const pull = open ?? (await api.createPull({ branch, base: p.base, ...text }));
  if (p.dispatch) await api.dispatchValidate(branch, { pull_request: String(pull.number), base_sha: p.read });
  return { pull, open: open !== undefined };
}
