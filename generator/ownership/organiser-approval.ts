/** A pull-request review as GitHub's API lists it, oldest first. */
export interface Review {
  author: string;
  /** `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, `DISMISSED` or `PENDING`. */
  state: string;
  /** The commit the review was submitted on. */
  commitId: string;
}

/**
 * The organiser whose review approves `headSha`, if any. Only a reviewer's latest deciding review
 * counts (a comment changes nothing; a later request for changes or a dismissal withdraws it), and
 * only on the head commit: an approval never covers what was pushed after it.
 */
export function organiserApproval(
  reviews: readonly Review[],
  organisers: readonly string[],
  headSha: string,
): string | undefined {
  const latest = new Map<string, Review>();
  for (const review of reviews)
    if (review.state !== "COMMENTED" && review.state !== "PENDING")
      latest.set(review.author.toLowerCase(), review);
  for (const [who, review] of latest)
    if (organisers.includes(who) && review.state === "APPROVED" && review.commitId === headSha)
      return review.author;
  return undefined;
}
