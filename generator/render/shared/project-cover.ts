import type { Model, ProjectEntry } from "../../derive/model.ts";

/** How many track colours site.css defines (`.tone-0` to `.tone-7`); `.tone-none` is no track's. */
export const TONES = 8;

export interface Cover {
  /** Up to two letters or digits: the first of the title's first two words. */
  initials: string;
  /** The track's colour class. */
  tone: string;
}

// A word starts with a letter or digit of any script; a letter keeps its accents (é written as e + ◌́).
const WORDS = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const FIRST = /^[\p{L}\p{N}]\p{M}*/u;

/**
 * A project's generated cover, for a card without an image (or whose image fails): its initials on
 * its track's colour, a track coloured by its place in the event's tracks. Drawn by site.css alone,
 * so it costs no request, and the same records always give the same cover.
 */
export function projectCover(model: Model, p: ProjectEntry): Cover {
  const words = p.title.match(WORDS) ?? [];
  const initials = words
    .slice(0, 2)
    .map((word) => FIRST.exec(word)![0])
    .join("")
    .toUpperCase()
    .normalize("NFC");
  const index = p.track === null ? -1 : model.event.tracks.findIndex((t) => t.id === p.track);
  return { initials, tone: index < 0 ? "tone-none" : `tone-${index % TONES}` };
}
