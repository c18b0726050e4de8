import { byCodeUnits } from "../../code-unit-order.ts";
import { shardOf } from "./search-words.ts";

/** A shard's file: its text and the hash its name carries. */
export interface Part {
  hash: string;
  body: string;
}

/**
 * A list's words and, for each, the places of the records that hold it (ascending), grouped into
 * the shards their files are written from (search-words.ts). A build makes it whole; `npm run dev`
 * keeps it to the next build, which moves only the places whose record or card changed, so a save
 * writes out again only the few shards it touched (search-index.ts).
 */
export class WordPlaces {
  private readonly places = new Map<string, number[]>();
  /** Each shard's words, in code-unit order; made by `group` once a whole list is added. */
  private readonly shards = new Map<string, string[]>();
  /** The text of each shard unchanged since it was made. */
  private readonly texts = new Map<string, Part>();

  /** Adds `place`, the highest so far, to `word`'s places: a whole list, in order, then `group`. */
  append(word: string, place: number): void {
    const places = this.places.get(word);
    if (!places) this.places.set(word, [place]);
    else if (places[places.length - 1] !== place) places.push(place);
  }

  /** Sorts the words into their shards, once every place is added. */
  group(): void {
    for (const word of [...this.places.keys()].sort(byCodeUnits)) {
      const shard = shardOf(word);
      const words = this.shards.get(shard);
      if (words) words.push(word);
      else this.shards.set(shard, [word]);
    }
  }

  /** Puts `place` among `word`'s places (after `group`). */
  insert(word: string, place: number): void {
    let places = this.places.get(word);
    if (!places) {
      this.places.set(word, (places = []));
      const shard = shardOf(word);
      const words = this.shards.get(shard) ?? [];
      words.splice(lowerBound(words, word, byCodeUnits), 0, word);
      this.shards.set(shard, words);
    }
    const at = lowerBound(places, place, (a, b) => a - b);
    if (places[at] !== place) places.splice(at, 0, place);
    this.texts.delete(shardOf(word));
  }

  /** Takes `place` out of `word`'s places (after `group`); a word left with none goes. */
  remove(word: string, place: number): void {
    const places = this.places.get(word);
    if (!places) return;
    const at = lowerBound(places, place, (a, b) => a - b);
    if (places[at] === place) places.splice(at, 1);
    const shard = shardOf(word);
    this.texts.delete(shard);
    if (places.length) return;
    this.places.delete(word);
    const words = this.shards.get(shard)!;
    words.splice(lowerBound(words, word, byCodeUnits), 1);
    if (!words.length) this.shards.delete(shard);
  }

  /**
   * Each shard's file, in shard order: made by `write` from its words and places, or as made before.
   * `keep`: hold the texts for the next build (only when this is kept for one).
   */
  *parts(write: (list: Array<[string, number[]]>) => Part, keep: boolean): Generator<[string, Part]> {
    for (const shard of [...this.shards.keys()].sort(byCodeUnits)) {
      let part = this.texts.get(shard);
      if (!part) {
        part = write(this.shards.get(shard)!.map((word) => [word, this.places.get(word)!]));
        if (keep) this.texts.set(shard, part);
      }
      yield [shard, part];
    }
  }
}

/** The first index of the sorted `list` whose item is not before `item`. */
function lowerBound<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(list[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
