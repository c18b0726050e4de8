/** The branch an intake issue's pull request lives on; Report knows intake pull requests by it. */
export const intakeBranch = (issue: number): string => `intake/issue-${issue}`;

/** The issue an intake branch was made for, or undefined for any other branch. */
export function intakeIssue(branch: string): number | undefined {
  const issue = /^intake\/issue-(\d+)$/.exec(branch)?.[1];
  return issue === undefined ? undefined : Number(issue);
}
