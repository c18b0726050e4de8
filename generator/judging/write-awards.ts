import { Document, isMap, isScalar, isSeq, parseDocument, type Pair, type YAMLMap } from "yaml";
import { YAML_OPTIONS } from "../load/yaml-options.ts";
import type { PrizeResult } from "./rank-prize.ts";

export interface Award {
  name: string;
  prize: string;
  projects: string[];
}

/** Each prize that has winners as an award: the prize's name, its id, its winners. */
export function awardsOf(prizes: readonly PrizeResult[]): Award[] {
  return prizes
    .filter((p) => p.winners.length)
    .map((p) => ({ name: p.name, prize: p.id, projects: [...p.winners] }));
}

/**
 * records/event.yaml's text with `awards` set through the YAML document, and only the `awards`
 * block written back into the text: every other byte stays (comments, quoting, folded text, CRLF
 * line ends), so the organiser reviews a diff of the awards alone. An award for a tallied prize is
 * replaced where it is (its description kept); an award for no prize (an audience award) or for a
 * prize nobody won this tally stays; a prize's new award comes after them. No award is taken away.
 */
export function setAwards(text: string, awards: readonly Award[], tallied: readonly string[]): string {
  const doc = parseDocument(text, YAML_OPTIONS);
  const kept = doc.get("awards");
  if (!isSeq(kept) && !awards.length) return text;
  const list = isSeq(kept) ? kept : doc.createNode([]);
  list.flow = false;
  const placed = new Set<string>();
  list.items = list.items.flatMap((item) => {
    const prize = isMap(item) ? item.get("prize") : undefined;
    if (typeof prize !== "string" || !tallied.includes(prize)) return [item];
    const award = awards.find((a) => a.prize === prize);
    // An award nobody won this time (or a second one for the prize) was written by hand: it stays.
    if (!award || placed.has(prize)) return [item];
    placed.add(prize);
    const map = item as YAMLMap;
    map.set("name", award.name);
    map.set("projects", flowList(doc, award.projects));
    return [item];
  });
  for (const award of awards)
    if (!placed.has(award.prize))
      list.items.push(doc.createNode({ ...award, projects: flowList(doc, award.projects) }));
  doc.set("awards", list);
  return spliced(text, doc);
}

/** The text with its `awards` pair (or the end, for a new one) replaced by the document's. */
function spliced(text: string, doc: Document.Parsed): string {
  const pair = (doc.contents as YAMLMap).items.find(
    // A key the text has is a Scalar; one the document added is the plain string.
    (item): item is Pair => (isScalar(item.key) ? item.key.value : item.key) === "awards",
  )!;
  const only = new Document({});
  (only.contents as YAMLMap).items.push(pair);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = only
    .toString({ lineWidth: 0, flowCollectionPadding: false })
    .replace(/\n$/, "")
    .replace(/\n/g, eol);
  const range = isScalar(pair.key) ? pair.key.range : undefined;
  const start = range?.[0];
  const end = (pair.value as { range?: [number, number, number] } | null)?.range?.[1];
  if (start === undefined || end === undefined || start >= text.length)
    return `${text}${text === "" || text.endsWith("\n") ? "" : eol}${block}${eol}`;
  // A block list's range takes in its last line's end; a flow list's ends at its bracket.
  return text.slice(0, start) + block + (/\n$/.test(text.slice(start, end)) ? eol : "") + text.slice(end);
}

function flowList(doc: ReturnType<typeof parseDocument>, items: readonly string[]) {
  const node = doc.createNode([...items]);
  node.flow = true;
  return node;
}

/** The prizes records/event.yaml already has an award for (written by hand or by an earlier tally). */
export function awardedPrizes(text: string): Set<string> {
  const awards = parseDocument(text, YAML_OPTIONS).get("awards");
  const ids = new Set<string>();
  if (isSeq(awards))
    for (const item of awards.items) {
      const prize = isMap(item) ? item.get("prize") : undefined;
      if (typeof prize === "string") ids.add(prize);
    }
  return ids;
}
