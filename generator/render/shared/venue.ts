import type { Model } from "../../derive/model.ts";

/**
 * Where the event is, as one line: the venue's name and its address, each said once. Until the
 * organisers fill them in, `npm run init` writes the same placeholder ("To be announced") in both,
 * and an online event often names "Online" twice; the home page and the calendar read it here, so a
 * page never shows "To be announced, To be announced" (review of issue 58's pages).
 */
export function venueLine(venue: Model["event"]["venue"]): string {
  const parts: string[] = [];
  for (const part of [venue.name, venue.address].map((p) => p.trim()))
    if (part && !parts.some((p) => p.toLowerCase() === part.toLowerCase())) parts.push(part);
  return parts.join(", ");
}
