import { INIT_PLACEHOLDERS } from "../../contract/placeholders.ts";
import type { Model } from "../../derive/model.ts";

/** What organisers write for a place not known yet: init's placeholder and its usual short forms. */
const NOT_YET = new Set([INIT_PLACEHOLDERS.venue, "TBA", "TBC", "TBD"].map((p) => p.toLowerCase()));

/**
 * Where the event is, as one line: the venue's name and its address, each said once. Until the
 * organisers fill them in, `npm run init` writes the same placeholder ("To be announced") in both,
 * and an online event often names "Online" twice; the home page and the calendar read it here, so a
 * page never shows "To be announced, To be announced" (review of issue 58's pages). A part not
 * known yet says which it is: "To be announced" alone under the dates did not say what was
 * (review of issue 57's pages), so it reads "Venue to be announced", or "Hall 7, address to be
 * announced".
 */
export function venueLine(venue: Model["event"]["venue"]): string {
  const [name, address] = [venue.name, venue.address].map((p) => p.trim());
  const later = (part: string) => NOT_YET.has(part.toLowerCase());
  const known = (part: string) => part !== "" && !later(part);
  const parts: string[] = [];
  for (const part of [name!, address!].filter(known))
    if (!parts.some((p) => p.toLowerCase() === part.toLowerCase())) parts.push(part);
  if (parts.length === 0) return "Venue to be announced";
  if (known(name!) && later(address!)) parts.push("address to be announced");
  return parts.join(", ");
}
