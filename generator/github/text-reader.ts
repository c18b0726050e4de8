import type { ReadFile, Side } from "../ownership/gather-records.ts";
import { textsQuery, type TextWanted } from "./pull-query.ts";
import { blobText, pullNow, type PullNow } from "./graphql-nodes.ts";
import { textKey, type Graphql } from "./pull-snapshot.ts";

/** Aliases per query: a record is at most a few hundred KB, and GitHub answers within its time limit. */
const PER_QUERY = 100;

/**
 * Reads record texts at the three sides by GraphQL, from what the first read already holds or in
 * one query for everything asked for at once (gatherRecords asks in stages, each a Promise.all).
 * Every query also reads the pull request again; `last` is the newest such read.
 */
export class TextReader {
  last: PullNow | undefined;
  queries = 0;
  private queued: Array<{
    want: TextWanted;
    done: (text: string | undefined) => void;
    fail: (e: unknown) => void;
  }> = [];

  constructor(
    private readonly graphql: Graphql,
    private readonly at: {
      repository: string;
      number: number;
      baseOid: string;
      head: string;
      merge: string | null;
    },
    private readonly known: Map<string, string | undefined>,
  ) {}

  read: ReadFile = (side: Side, path: string) => {
    const want = { side, path };
    if (this.known.has(textKey(want))) return Promise.resolve(this.known.get(textKey(want)));
    if (side === "merge" && this.at.merge === null) return Promise.resolve(undefined);
    return new Promise((done, fail) => {
      if (this.queued.length === 0) setImmediate(() => void this.flush());
      this.queued.push({ want, done, fail });
    });
  };

  /** Reads the pull request again, with nothing else, when no later read did. */
  async confirm(): Promise<PullNow> {
    if (this.last === undefined) await this.query([]);
    return this.last!;
  }

  private async flush(): Promise<void> {
    const batch = this.queued.splice(0);
    const unique = [...new Map(batch.map((b) => [textKey(b.want), b.want])).values()];
    try {
      for (let i = 0; i < unique.length; i += PER_QUERY) await this.query(unique.slice(i, i + PER_QUERY));
      for (const b of batch) b.done(this.known.get(textKey(b.want)));
    } catch (error) {
      for (const b of batch) b.fail(error);
    }
  }

  private async query(wanted: readonly TextWanted[]): Promise<void> {
    const [owner, name] = this.at.repository.split("/");
    this.queries++;
    const data = (await this.graphql(textsQuery(wanted), {
      owner,
      name,
      number: this.at.number,
      base: this.at.baseOid,
      head: this.at.head,
      merge: this.at.merge ?? this.at.head,
      withMerge: this.at.merge !== null,
    })) as { repository: Record<string, Record<string, unknown> | null> };
    const repo = data.repository;
    wanted.forEach((w, i) => {
      const commit = repo[w.side];
      this.known.set(textKey(w), commit ? blobText(commit[`t${i}`], w) : undefined);
    });
    const pr = repo.pullRequest as Record<string, unknown> | null;
    if (!pr) throw new Error(`pull request #${this.at.number} was not found`);
    this.last = pullNow(pr);
  }
}
