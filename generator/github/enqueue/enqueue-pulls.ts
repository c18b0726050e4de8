import { rateLimitOf } from "../rate-limit.ts";
import type { Graphql } from "../pull-snapshot.ts";
import type { OpenPull } from "./read-board.ts";

/**
 * `enqueuePullRequest` for each green pull request, oldest first, naming the head Report judged
 * (`expectedHeadOid`): GitHub refuses the entry if the head moved since. GitHub's refusal of one
 * pull request (a stale head, required checks not passing, a conflict) is that pull request's and
 * the run goes on; a rate limit stops it, and so does the run's allowance (budget.ts).
 */
export const ENQUEUE_MUTATION = `mutation Enqueue($id: ID!, $head: GitObjectID!) {
  enqueuePullRequest(input: { pullRequestId: $id, expectedHeadOid: $head }) { mergeQueueEntry { position } }
}`;

export interface Enqueued {
  queued: Array<{ pull: OpenPull; position: number | null }>;
  /** GitHub refused these, with its words. */
  refused: Array<{ pull: OpenPull; why: string }>;
  /** Not tried: the allowance or a rate limit stopped the run first. */
  left: OpenPull[];
  /** Set when GitHub's rate limit stopped the run: when it takes requests again, and which limit. */
  limited?: { until: Date; secondary: boolean } | undefined;
}

export async function enqueueOldestFirst(
  graphql: Graphql,
  green: readonly OpenPull[],
  max: number,
  log: (line: string) => void,
  now = Date.now,
): Promise<Enqueued> {
  return oneByOne(green, max, log, now, async (pull) => {
    try {
      const data = (await graphql(ENQUEUE_MUTATION, { id: pull.id, head: pull.headSha })) as {
        enqueuePullRequest: { mergeQueueEntry: { position: number } | null } | null;
      };
      const position = data.enqueuePullRequest?.mergeQueueEntry?.position ?? null;
      log(`#${pull.number}: queued${position === null ? "" : ` at position ${position}`}.`);
      return { position };
    } catch (error) {
      const why = rateLimitOf(error, now()) ? undefined : refusalOf(error);
      if (why === undefined) throw error;
      log(`#${pull.number}: GitHub refused: ${why}`);
      return { refused: why };
    }
  });
}

/**
 * Each green pull request in turn, oldest first, until the run's allowance: `act` queues or merges
 * one, or gives GitHub's refusal of it (the run goes on); a rate limit stops the run, leaving the
 * rest for the next; anything else is thrown.
 */
export async function oneByOne(
  green: readonly OpenPull[],
  max: number,
  log: (line: string) => void,
  now: () => number,
  act: (pull: OpenPull) => Promise<{ position: number | null } | { refused: string }>,
): Promise<Enqueued> {
  const out: Enqueued = { queued: [], refused: [], left: [] };
  for (const [i, pull] of green.entries()) {
    if (out.queued.length >= max) {
      out.left = green.slice(i);
      break;
    }
    try {
      const done = await act(pull);
      if ("refused" in done) out.refused.push({ pull, why: done.refused });
      else out.queued.push({ pull, position: done.position });
    } catch (error) {
      const limited = rateLimitOf(error, now());
      if (!limited) throw error;
      out.left = green.slice(i);
      out.limited = limited;
      log(`#${pull.number}: GitHub's rate limit stops the run until ${limited.until.toISOString()}.`);
      break;
    }
  }
  return out;
}

/** GitHub's words when it refused the mutation (a GraphQL error), or undefined for anything else. */
function refusalOf(error: unknown): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return errors.map((e: { message?: unknown }) => String(e?.message ?? "")).join("; ");
}
