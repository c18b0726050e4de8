import { Feed } from "feed";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { escapeHtml } from "../shared/html.ts";
import { byCodeUnits } from "../../code-unit-order.ts";

export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

export interface FeedEntry {
  title: string;
  /** The entry's page: its link and its id. */
  url: string;
  /** When its record last changed, never the build time. */
  updated: string;
  summary: string;
  categories?: readonly string[];
}

/** Entries a feed holds: the newest changes; the API lists every record (a feed of all 10,000 was 12 MB). */
export const FEED_SIZE = 100;

/**
 * An Atom feed of the newest FEED_SIZE entries, newest first, written by the `feed` package. It marks titles and summaries
 * as HTML, so record text is escaped first; `]]>` then cannot end its CDATA either.
 */
export function atomFeed(
  model: Model,
  feed: { path: string; title: string; description: string; page: string; entries: readonly FeedEntry[] },
): string {
  const time = new Map(feed.entries.map((e) => [e, Date.parse(e.updated)]));
  const entries = [...feed.entries]
    .sort((a, b) => time.get(b)! - time.get(a)! || byCodeUnits(a.url, b.url))
    .slice(0, FEED_SIZE);
  const self = siteUrl(model.baseUrl, feed.path);
  const atom = new Feed({
    id: self,
    title: feed.title,
    description: `${feed.description} The newest ${FEED_SIZE} changes; the API lists every one.`,
    link: siteUrl(model.baseUrl, feed.page),
    feed: self,
    // The newest entry's time, so a feed whose entries did not change keeps its bytes.
    updated: new Date(entries[0]?.updated ?? model.generatedAt),
    generator: false,
  });
  for (const entry of entries)
    atom.addItem({
      title: escapeHtml(entry.title),
      link: entry.url,
      date: new Date(entry.updated),
      description: escapeHtml(entry.summary),
      category: (entry.categories ?? []).map((term) => ({ term })),
    });
  return `${atom.atom1()}\n`;
}
