/**
 * The words a list's search finds a record by, as the index stores them and site.js reads a query:
 * accents and case folded, a run of letters and digits with the `+` and `#` that end a name (`C++`,
 * `C#`), so `c++` is a word of its own, not `c`. site.js holds the same two lines (`fold`, `WORD`);
 * the browser tests of the lists prove they agree.
 */
const WORD = /[\p{L}\p{N}]+[+#]*/gu;

/**
 * `Tomás` and `tomas` are one word: decomposed, marks dropped, lower case, and Greek's final sigma
 * as any sigma (`Σ` lowers to `ς` or `σ` by what follows it, which a query need not share).
 */
export const fold = (text: string): string =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ς/g, "σ");

/** The distinct words of `text`, in the order first met: `@jweber` gives `jweber`, `SO-100` `so` and `100`, `C++` `c++`. */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  eachWord(text, (word) => words.add(word));
  return [...words];
}

/**
 * Calls `visit` with each word of `text`, repeats included. It splits at ASCII separators first;
 * only the pieces with other characters need Unicode's rules (a card's " · " would send all of it
 * the slow way): the same words, several times faster. The text is lowered once, not piece by
 * piece (a tenth of the search index's build): lowering makes no ASCII separator, and `fold` gives
 * a lowered piece the words it gives the piece (search-words.test.ts tries every cased character).
 */
export function eachWord(text: string, visit: (word: string) => void): void {
  for (const piece of text.toLowerCase().split(ASCII_SEPARATORS)) {
    if (PLAIN.test(piece)) {
      if (piece) visit(piece);
    } else for (const word of fold(piece).match(WORD) ?? []) visit(word);
  }
}
// Every ASCII character but letters, digits, `#` (0x23) and `+` (0x2b), which end a word.
const ASCII_SEPARATORS = /[\x00-\x22\x24-\x2a\x2c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;
const PLAIN = /^[A-Za-z0-9]*$/;

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** What a reader sees of a card: its text without markup, the escapes html.ts writes undone. */
export function cardText(card: string): string {
  return card.replace(/<[^>]*>/g, " ").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

/**
 * The shard a word's postings are written in, by its first character: a search fetches the shards
 * of its words' first letters only. Letters outside a–z and digits share one shard, `_`, so a file
 * name is always plain ASCII.
 */
export function shardOf(word: string): string {
  const first = word[0] ?? "_";
  return /[a-z0-9]/.test(first) ? first : "_";
}
