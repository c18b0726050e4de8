import type { TallyReport } from "./tally.ts";

/** A winner fewer judges than `judging.perProject` saw: one judge alone must not decide a prize. */
export interface ThinWinner {
  prize: string;
  slug: string;
  judges: number;
}

/** Every prize's winners seen by fewer judges than the event asks for, in the prizes' order. */
export function thinWinners(report: Pick<TallyReport, "prizes" | "perProject">): ThinWinner[] {
  return report.prizes.flatMap((prize) =>
    prize.ranking
      .filter((row) => prize.winners.includes(row.slug) && row.judges < report.perProject)
      .map((row) => ({ prize: prize.id, slug: row.slug, judges: row.judges })),
  );
}
