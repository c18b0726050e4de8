/**
 * The GraphQL reads Report and the sweeper make: one query gives a pull request with everything a
 * verdict needs (its files, reviews, comments, the head's statuses and Validate runs, the other
 * open pull requests, and the texts of the records it touches), so a push costs one point to read
 * and one to confirm. Texts are read by alias, `<side><n>`, for the paths the caller asks for.
 */

/** A file version to read: at the default branch, the head commit, or GitHub's test merge. */
export interface TextWanted {
  side: "base" | "head" | "merge";
  path: string;
}

const BLOB = "... on Blob { text isTruncated isBinary }";

/** The alias fields that read `wanted` at each side, inside `repository`, the head commit and the merge commit. */
function textFields(wanted: readonly TextWanted[], side: TextWanted["side"]): string {
  return wanted
    .map((w, i) =>
      w.side === side ? `t${i}: file(path: ${JSON.stringify(w.path)}) { object { ${BLOB} } }` : "",
    )
    .filter((f) => f !== "")
    .join("\n");
}

/**
 * Everything about pull request `number` and commit `head` that Report reads, in one query. The
 * status and the Validate runs belong to the commit; the texts of `wanted` come from the default
 * branch's head (`base`), the head commit and the test merge.
 */
export function pullQuery(wanted: readonly TextWanted[], withList: boolean, withIssue: boolean): string {
  return `query PullForReport($owner: String!, $name: String!, $number: Int!, $head: GitObjectID!, $base: String!, $context: String!${withIssue ? ", $issue: Int!" : ""}) {
  rateLimit { cost remaining resetAt limit }
  repository(owner: $owner, name: $name) {
    ${withIssue ? "issue(number: $issue) { author { login } createdAt lastEditedAt }" : ""}
    ${withList ? "open: pullRequests(states: OPEN, first: 100, orderBy: { field: CREATED_AT, direction: ASC }) { pageInfo { hasNextPage endCursor } nodes { number headRefOid baseRefName commits(last: 1) { nodes { commit { oid status { context(name: $context) { state } } } } } } }" : ""}
    base: ref(qualifiedName: $base) { target { oid ... on Commit { oid ${textFields(wanted, "base")} } } }
    head: object(oid: $head) {
      ... on Commit {
        ${textFields(wanted, "head")}
        status { context(name: $context) { state description targetUrl } }
        checkSuites(first: 50) {
          nodes { workflowRun { databaseId createdAt event url file { path } } branch { name } status conclusion }
        }
      }
    }
    pullRequest(number: $number) {
      number state headRefOid headRefName baseRefName changedFiles mergeable
      author { login }
      headRepository { nameWithOwner }
      potentialMergeCommit { oid ${textFields(wanted, "merge")} }
      files(first: 100) { pageInfo { hasNextPage } nodes { path changeType } }
      reviews(first: 100) { pageInfo { hasNextPage } nodes { author { login } state commit { oid } } }
      comments(first: 100) { pageInfo { hasNextPage } nodes { databaseId body url author { login __typename } } }
    }
  }
}`;
}

/**
 * Another page of a pull request's files, reviews or comments (rare: a pull request with over a
 * hundred of them), or of the open pull requests.
 */
export const MORE_QUERY = `query More($owner: String!, $name: String!, $number: Int!, $files: String, $reviews: String, $comments: String, $withFiles: Boolean!, $withReviews: Boolean!, $withComments: Boolean!) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      files(first: 100, after: $files) @include(if: $withFiles) { pageInfo { hasNextPage endCursor } nodes { path changeType } }
      reviews(first: 100, after: $reviews) @include(if: $withReviews) { pageInfo { hasNextPage endCursor } nodes { author { login } state commit { oid } } }
      comments(first: 100, after: $comments) @include(if: $withComments) { pageInfo { hasNextPage endCursor } nodes { databaseId body url author { login __typename } } }
    }
  }
}`;

/**
 * The sweep's one read: the open pull requests into the default branch, oldest first, each with
 * its head's ownership status and Validate runs, so the ones without a verdict can be found; and
 * how many entries the branch's merge queue holds (none without a queue).
 */
export const WAITING_QUERY = `query Waiting($owner: String!, $name: String!, $base: String!, $context: String!, $after: String, $first: Int!) {
  rateLimit { cost remaining resetAt limit }
  repository(owner: $owner, name: $name) {
    mergeQueue(branch: $base) { entries(first: 1) { totalCount } }
    tip: ref(qualifiedName: $base) { target { ... on Commit { oid checkSuites(first: 20) { nodes { workflowRun { file { path } } } } } } }
    pullRequests(states: OPEN, baseRefName: $base, first: $first, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
      pageInfo { hasNextPage endCursor }
      nodes {
        number headRefOid headRefName
        headRepository { nameWithOwner }
        commits(last: 1) {
          nodes {
            commit {
              oid
              status { context(name: $context) { state description createdAt } }
              checkSuites(first: 10) {
                nodes { workflowRun { databaseId createdAt event url file { path } } branch { name } status conclusion }
              }
            }
          }
        }
      }
    }
  }
}`;

/**
 * The intake's one read: its comment on the issue, its branch, the open pull request from that
 * branch, and the tree of the commit it builds on.
 */
export const INTAKE_QUERY = `query Intake($owner: String!, $name: String!, $issue: Int!, $branch: String!, $qualified: String!, $base: String!, $read: GitObjectID!) {
  repository(owner: $owner, name: $name) {
    issue(number: $issue) { comments(first: 100) { pageInfo { hasNextPage } nodes { databaseId body url author { login __typename } } } }
    ref(qualifiedName: $qualified) { target { oid } }
    pullRequests(states: OPEN, headRefName: $branch, baseRefName: $base, first: 10) { nodes { number url headRepository { nameWithOwner } } }
    object(oid: $read) { ... on Commit { tree { oid } } }
  }
}`;

/**
 * Texts a verdict came to need after the first read (the team a project joins, or every record
 * when the first read had no hint), with the pull request read again: what it reads last confirms
 * that the head, the base and the test merge are still what the verdict was made on.
 */
export function textsQuery(wanted: readonly TextWanted[]): string {
  const side = (name: TextWanted["side"]) =>
    `${name}: object(oid: $${name}) ${name === "merge" ? "@include(if: $withMerge) " : ""}{ ... on Commit { oid ${textFields(wanted, name)} } }`;
  return `query Texts($owner: String!, $name: String!, $number: Int!, $base: GitObjectID!, $head: GitObjectID!, $merge: GitObjectID!, $withMerge: Boolean!) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) { state headRefOid baseRefName changedFiles mergeable potentialMergeCommit { oid } }
    ${side("base")}
    ${side("head")}
    ${side("merge")}
  }
}`;
}

/** Further pages of the open pull requests, past the first hundred the first read holds. */
export const OPEN_QUERY = `query Open($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    open: pullRequests(states: OPEN, first: 100, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
      pageInfo { hasNextPage endCursor }
      nodes { number headRefOid }
    }
  }
}`;

/** Who opened an issue: the intake's pull requests are its author's. */
export const ISSUE_AUTHOR_QUERY = `query IssueAuthor($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { issue(number: $number) { author { login } createdAt lastEditedAt } }
}`;

/**
 * An issue as the intake reads it when the sweep starts it (no event payload holds it then):
 * `lastEditedAt` and `editor` say when and by whom its text was last changed.
 */
export const ISSUE_QUERY = `query IssueForIntake($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) {
    issue(number: $number) {
      number title body state createdAt lastEditedAt
      author { login }
      editor { login }
      labels(first: 20) { nodes { name } }
    }
  }
}`;

/**
 * The sweep's read of the intake: open issues, least recently updated first, with their labels and
 * their last comments, so those the intake never answered can be found.
 */
export const UNANSWERED_QUERY = `query Unanswered($owner: String!, $name: String!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    issues(states: OPEN, first: $first, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
      pageInfo { hasNextPage endCursor }
      nodes {
        number title
        labels(first: 10) { nodes { name } }
        comments(first: 100) { pageInfo { hasNextPage } nodes { body author { login __typename } } }
      }
    }
  }
}`;
