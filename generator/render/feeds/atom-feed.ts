import { Feed } from "feed";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { escapeHtml } from "../shared/html.ts";
import { byCodeUnits } from "../../code-unit-order.ts";
import { lastCall } from "../../cache/last-call.ts";

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

/** What a feed's text is made of: plain data, so an equal one gives the same text (lastCall). */
interface AtomInput {
  self: string;
  title: string;
  description: string;
  link: string;
  /** The newest entry's time (the build's with none), so a feed whose entries did not change keeps its bytes. */
  updated: string;
  entries: FeedEntry[];
}

/**
 * Each feed's last text, by path: a dev save that changes none of a feed's newest entries has the
 * feed package write none of its XML again (three feeds of 100 entries, 7 ms a save at any size).
 */
const written = new Map<string, (input: AtomInput) => string>();

/**
 * An Atom feed of the newest FEED_SIZE entries, newest first, written by the `feed` package. It marks titles and summaries
 * as HTML, so record text is escaped first; `]]>` then cannot end its CDATA either.
 */
export function atomFeed(
  model: Model,
  feed: { path: string; title: string; description: string; page: string; entries: readonly FeedEntry[] },
): string {
  const timed = feed.entries.map((entry) => ({ entry, at: Date.parse(entry.updated) }));
  timed.sort((a, b) => b.at - a.at || byCodeUnits(a.entry.url, b.entry.url));
  const entries = timed.slice(0, FEED_SIZE).map((t) => t.entry);
  let write = written.get(feed.path);
  if (!write) written.set(feed.path, (write = lastCall(writeAtom)));
  return write({
    self: siteUrl(model.baseUrl, feed.path),
    title: feed.title,
    description: `${feed.description} The newest ${FEED_SIZE} changes; the API lists every one.`,
    link: siteUrl(model.baseUrl, feed.page),
    updated: entries[0]?.updated ?? model.generatedAt,
    entries,
  });
}

function writeAtom({ self, title, description, link, updated, entries }: AtomInput): string {
  const atom = new Feed({
    id: self,
    title,
    description,
    link,
    feed: self,
    updated: new Date(updated),
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
