import { isMap, isSeq, parseDocument, type YAMLMap } from "yaml";
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
 * records/event.yaml's text with `awards` set through the YAML document, so every other line and
 * comment stays. An award for a tallied prize is replaced where it is (its description kept); an
 * award for no prize (an audience award) or for a prize nobody won this tally stays; a prize's new
 * award comes after them. No award is ever taken away.
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
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
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
