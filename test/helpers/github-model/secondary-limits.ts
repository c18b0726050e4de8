import type { Limits, Refusal, Resource } from "./rate-limits.ts";

/**
 * GitHub's secondary limits over time (docs: "About secondary rate limits"): per token, the
 * content-generating requests of the last minute and hour, and the REST and GraphQL points of the
 * last minute. A request that would pass one waits until enough older ones leave its window:
 * that wait is GitHub's `retry-after`.
 */
export interface Event {
  at: number;
  resource: Resource;
  /** 1 a read or a GraphQL query, 5 a REST write or a mutation. */
  secondary: number;
  write: boolean;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

export class SecondaryLimits {
  private readonly recent = new Map<string, Event[]>();

  /** How long `e` must wait, and for which limit; undefined when it fits now. */
  wait(
    token: string,
    e: Omit<Event, "at">,
    limits: Limits,
    now: number,
  ): { seconds: number; limit: Refusal["limit"] } | undefined {
    const recent = (this.recent.get(token) ?? []).filter((r) => r.at > now - HOUR);
    this.recent.set(token, recent);
    const minute = recent.filter((r) => r.at > now - MINUTE);
    const writes = (list: Event[]) => list.filter((r) => r.write).map((r) => ({ at: r.at, n: 1 }));
    const points = minute.filter((r) => r.resource === e.resource).map((r) => ({ at: r.at, n: r.secondary }));
    const perMinute = e.resource === "core" ? limits.restPointsPerMinute : limits.graphqlPointsPerMinute;
    const writeWait = e.write
      ? Math.max(
          retryIn(writes(minute), 1, limits.writesPerMinute, MINUTE, now),
          retryIn(writes(recent), 1, limits.writesPerHour, HOUR, now),
        )
      : 0;
    const pointsWait = retryIn(points, e.secondary, perMinute, MINUTE, now);
    if (writeWait > 0) return { seconds: Math.max(writeWait, pointsWait), limit: "writes" };
    if (pointsWait > 0) return { seconds: pointsWait, limit: "points" };
    return undefined;
  }

  record(token: string, e: Event): void {
    this.recent.set(token, [...(this.recent.get(token) ?? []), e]);
  }
}

/** Seconds until enough of `events` (oldest first) leave a `span` window for `adding` more to fit under `max`. */
function retryIn(
  events: Array<{ at: number; n: number }>,
  adding: number,
  max: number,
  span: number,
  now: number,
): number {
  let total = events.reduce((sum, e) => sum + e.n, 0) + adding;
  if (total <= max) return 0;
  for (const e of events) {
    total -= e.n;
    if (total <= max) return Math.max(1, Math.ceil((e.at + span - now) / 1000));
  }
  return Math.ceil(span / 1000);
}
