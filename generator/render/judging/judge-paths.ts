/** Where the judging pages live: an index to pick one's name, and one page per judge. */
export const JUDGING_INDEX = "judging/index.html";

/**
 * Page `n` of a judge whose first page is `first` (`judging/mei-tanaka.html`): the first page
 * itself, then `judging/mei-tanaka/page/2.html`. A judge's name gives no `/`, so no other judge's
 * page is in that folder.
 */
export const judgePagePath = (first: string, n: number): string =>
  n === 1 ? first : `${first.replace(/\.html$/, "")}/page/${n}.html`;

/** Which projects are on which of a judge's pages (judge-lists.ts): `judging/mei-tanaka/projects.json`. */
export const judgeListPath = (first: string): string => `${first.replace(/\.html$/, "")}/projects.json`;

const MAX_SLUG = 60;

/** A name as a path segment: `Dr Lena Hartmann` → `dr-lena-hartmann`; letters outside ASCII drop their accents or go. */
function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, "");
}

/**
 * Each judge's page, by the judges' order: `judging/<their name>.html`, so a bookmark stays theirs when
 * the organiser adds or moves judges. A name that gives no path of its own (all non-Latin letters, or
 * one another name also gives) takes `judge-<place>`; no two judges ever share a page.
 */
export function judgePagePaths(names: readonly string[]): string[] {
  const wanted = names.map(slugOf);
  const times = new Map<string, number>();
  for (const slug of wanted) times.set(slug, (times.get(slug) ?? 0) + 1);
  const own = wanted.map((slug) => (slug !== "" && slug !== "index" && times.get(slug) === 1 ? slug : null));
  const taken = new Set(own.filter((slug): slug is string => slug !== null));
  return own.map((slug, i) => {
    if (slug !== null) return `judging/${slug}.html`;
    let numbered = `judge-${i + 1}`;
    while (taken.has(numbered)) numbered += "-x";
    taken.add(numbered);
    return `judging/${numbered}.html`;
  });
}
