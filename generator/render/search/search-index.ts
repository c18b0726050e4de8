import { createHash } from "node:crypto";
import type { Model } from "../../derive/model.ts";
import { fromView, JSON_TYPE, type DocumentKind, type Output } from "../shared/document.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { PROJECT_CARD, TEAM_CARD, type CardKind } from "../shared/cards.ts";
import { cardText, eachWord } from "./search-words.ts";
import { WordPlaces, type Part } from "./word-places.ts";
import { byCodeUnits } from "../../code-unit-order.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { keptKey } from "../shared/kept-key.ts";

// The lists' filters and search in the browser, fetching little at any size (issue 40). A record is
// its place in the list's order (A–Z for projects), so every list below is of small numbers. The
// index (`search/projects.json`, fetched on first use) holds what filters and sorts read; the words
// are in shards by first letter, fetched for a query's words only; the cards, as cards.ts renders
// them, are in files of CARDS_PER_FILE, fetched for the cards shown. A part's name carries a hash of
// its bytes: an index never reads another build's parts, and a changed record rewrites only the
// parts that hold it. These are the site's own files, not part of the API contract.

export const PROJECT_INDEX_PATH = "search/projects.json";
export const TEAM_INDEX_PATH = "search/teams.json";

/** Cards per file: 48 cards from anywhere in a 10,000-project list stay under 100 KB gzip. */
export const CARDS_PER_FILE = 16;

/** What the index file holds; site.js reads it. Lists of places are deltas: `[3, 1, 4]` is 3, 4, 8. */
export interface SearchIndex {
  count: number;
  /** Cards in each file of cards but the last. */
  perFile: number;
  /** By the filter form's field names, then value: the places of the records that have it. */
  filters: Record<string, Record<string, number[]>>;
  /** By sort name: every place, in that sort's order. */
  sorts: Record<string, number[]>;
  /** By first letter (search-words.ts): the hash in the name of that shard's file. */
  words: Record<string, string>;
  /** The hash in the name of each file of cards, in order. */
  cards: string[];
}

/** The file of `kind` (`cards`, `words`) named `key` in the list's folder: `search/projects/cards-0.<hash>.json`. */
export const partPath = (folder: string, kind: string, key: string | number, hash: string): string =>
  `${folder}/${kind}-${key}.${hash}.json`;

const hashOf = (body: string) => createHash("sha256").update(body).digest("hex").slice(0, 12);

/**
 * A part as a document made from the hash its path names: an earlier build's file at that path
 * holds the same bytes (as a browser that keeps it for good assumes), so the writer keeps it without
 * reading it back and comparing (page-manifest.ts): a dev save at 10,000 + 10,000 read 1,300 of them.
 */
const partOutput = (path: string, part: Part): Output => fromView(path, { hash: part.hash }, () => part.body);

/** Ascending places as deltas from the one before. */
const deltas = (places: readonly number[]) => places.map((place, i) => place - (i ? places[i - 1]! : 0));

/**
 * A shard's words and their places as deltas, as `JSON.stringify` writes them as an object's keys
 * (words that are array indices first, ascending, then the rest as given), written as text: the
 * object and its arrays cost a tenth of the search index's build, mostly in the collector.
 */
export function shardJson(list: ReadonlyArray<readonly [string, readonly number[]]>): string {
  const index = ([word]: readonly [string, unknown]) => INDEX.test(word) && Number(word) < 2 ** 32 - 1;
  const indices = list.filter(index).sort(([a], [b]) => Number(a) - Number(b));
  const words = indices.length ? [...indices, ...list.filter((entry) => !index(entry))] : list;
  let body = "";
  for (const [word, places] of words) body += `${body ? "," : ""}${JSON.stringify(word)}:[${deltas(places)}]`;
  return `{${body}}\n`;
}
const INDEX = /^(?:0|[1-9]\d*)$/;

/** Code-unit order: the same on every machine. */
const byKey = <V>(map: ReadonlyMap<string, V>) => [...map].sort(([a], [b]) => byCodeUnits(a, b));

/** Adds `place` to `key`'s places, once: places come in order, so a repeat is the last one. */
function add(map: Map<string, number[]>, key: string, place: number): void {
  const places = map.get(key);
  if (!places) map.set(key, [place]);
  else if (places[places.length - 1] !== place) places.push(place);
}

const entryWords = new WeakMap<object, { card: string; words: string[] }>();

/**
 * An entry's distinct words, as its card shows them and its kind adds them; kept with an entry an
 * earlier build made (npm run dev), for as long as its card is the same text.
 */
function wordsOfEntry<T extends object>(kind: CardKind<T>, item: T, card: string): string[] {
  const known = entryWords.get(item);
  if (known?.card === card) return known.words;
  const distinct = new Set<string>();
  visitWords(kind, item, card, (word) => void distinct.add(word));
  const words = [...distinct];
  if (keptFromEarlierBuild(item)) entryWords.set(item, { card, words });
  return words;
}

/** Calls `visit` with each of an entry's words, as its card shows them and its kind adds them, repeats included. */
function visitWords<T>(kind: CardKind<T>, item: T, card: string, visit: (word: string) => void): void {
  eachWord(cardText(card), visit);
  for (const text of kind.words(item)) eachWord(text, visit);
}

/** What a list's search was made from and of, kept from one build to the next by `npm run dev`. */
interface Made {
  entries: readonly object[];
  /** By place: each card, and its words. */
  cards: string[];
  words: string[][];
  places: WordPlaces;
  /** Each file of cards. */
  files: Part[];
}

/** The last build's, by the index's full address (kept-key.ts): only a build whose entries an earlier one made keeps one. */
const made = new Map<string, Made>();

/**
 * One list's parts, then its index (which names them): made as they are written, so a file of cards
 * is gone from memory once written and only the words' places are held until the end. Under
 * `npm run dev`, when few entries differ from the last build's at the same places, the last build's
 * words are moved only at those places, and a file of cards or words nothing moved in is the same
 * text as before (a save at 10,000 projects then makes a few files, not 1,300).
 */
export function* searchFiles<T extends { slug: string }>(
  model: Model,
  all: readonly T[],
  kind: CardKind<T>,
  indexPath: string,
): Generator<Output> {
  const folder = indexPath.replace(/\.json$/, "");
  const fromRoot = linksFrom(model.baseUrl, "");
  const order = kind.order?.(model);
  const entries = order?.entries ?? all;
  const keep = entries.some(keptFromEarlierBuild);
  const key = keptKey(model, indexPath);
  const before = keep ? made.get(key) : undefined;
  // Taken out before it is changed: a build that stops half way leaves the next one none. A build
  // that keeps nothing (npm run build, or a clean build beside dev's in a test) leaves it be.
  if (keep) made.delete(key);
  const moved =
    before !== undefined &&
    before.entries.length === entries.length &&
    entries.filter((item, i) => item !== before.entries[i]).length <= Math.max(16, entries.length >> 4);
  const places = moved ? before.places : new WordPlaces();
  const next: Made | undefined = keep ? { entries, cards: [], words: [], places, files: [] } : undefined;
  const filters = new Map<string, Map<string, number[]>>();
  const text = (body: string): Part => ({ hash: hashOf(body), body });
  const cardHashes: string[] = [];
  for (let start = 0; start < entries.length; start += CARDS_PER_FILE) {
    let same = moved;
    const cards = entries.slice(start, start + CARDS_PER_FILE).map((item, i) => {
      const place = start + i;
      const card = kind.card(model, item, fromRoot).value;
      for (const [field, values] of Object.entries(kind.filters(item))) {
        if (!filters.has(field)) filters.set(field, new Map());
        for (const value of values) add(filters.get(field)!, value, place);
      }
      // A build that keeps nothing for the next (npm run build) adds each word to the places as it
      // is met, which ignore a repeat: no list of an entry's distinct words is made.
      if (!next) {
        visitWords(kind, item, card, (word) => places.append(word, place));
        return card;
      }
      let words: string[];
      if (moved && item === before.entries[place] && card === before.cards[place])
        words = before.words[place]!;
      else {
        same = false;
        words = wordsOfEntry(kind, item, card);
        if (moved) move(places, place, before.words[place]!, words);
        else for (const word of words) places.append(word, place);
      }
      next.cards.push(card);
      next.words.push(words);
      return card;
    });
    const file = same ? before!.files[cardHashes.length]! : text(`${JSON.stringify(cards)}\n`);
    next?.files.push(file);
    cardHashes.push(file.hash);
    yield partOutput(partPath(folder, "cards", cardHashes.length - 1, file.hash), file);
  }

  if (!moved) places.group();
  const wordHashes: Record<string, string> = {};
  const write = (list: Array<[string, number[]]>) => text(shardJson(list));
  for (const [shard, part] of places.parts(write, keep)) {
    wordHashes[shard] = part.hash;
    yield partOutput(partPath(folder, "words", shard, part.hash), part);
  }

  const sorts: Record<string, number[]> = {};
  for (const [place, item] of entries.entries())
    for (const [sort, at] of Object.entries(order?.places.get(item.slug) ?? {}))
      (sorts[sort] ??= [])[at] = place;
  const index: SearchIndex = {
    count: entries.length,
    perFile: CARDS_PER_FILE,
    filters: Object.fromEntries(
      byKey(filters).map(([field, values]) => [
        field,
        Object.fromEntries(byKey(values).map(([value, places]) => [value, deltas(places)])),
      ]),
    ),
    sorts: Object.fromEntries(Object.entries(sorts).map(([sort, places]) => [sort, deltas(places)])),
    words: wordHashes,
    cards: cardHashes,
  };
  yield { path: indexPath, body: `${JSON.stringify(index)}\n` };
  if (next) made.set(key, next);
}

/** Moves `place` from the words it had to the words it has. */
function move(places: WordPlaces, place: number, had: readonly string[], has: readonly string[]): void {
  const [was, is] = [new Set(had), new Set(has)];
  for (const word of had) if (!is.has(word)) places.remove(word, place);
  for (const word of has) if (!was.has(word)) places.insert(word, place);
}

export const projectSearchIndex: DocumentKind = {
  name: "project-search-index",
  path: PROJECT_INDEX_PATH,
  alsoWrites: ["search/projects/cards-<n>.<hash>.json", "search/projects/words-<letter>.<hash>.json"],
  mediaType: JSON_TYPE,
  description:
    "What the project gallery's filters, sorts and search read: the places of each filter value and sort, then the words by first letter and the cards in files of 16, fetched as needed.",
  render: (model) => searchFiles(model, model.projects, PROJECT_CARD, PROJECT_INDEX_PATH),
};

export const teamSearchIndex: DocumentKind = {
  name: "team-search-index",
  path: TEAM_INDEX_PATH,
  alsoWrites: ["search/teams/cards-<n>.<hash>.json", "search/teams/words-<letter>.<hash>.json"],
  mediaType: JSON_TYPE,
  description:
    "What the team list's filter and search read: the places of the teams looking for members, then the words by first letter and the cards in files of 16, fetched as needed.",
  render: (model) => searchFiles(model, model.teams, TEAM_CARD, TEAM_INDEX_PATH),
};
