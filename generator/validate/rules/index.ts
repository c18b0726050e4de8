import type { Rule } from "../rule.ts";
import { eventDates } from "./event-dates.ts";
import { eventTracksUnique } from "./event-tracks-unique.ts";
import { imageExists } from "./image-exists.ts";
import { projectRobotKnown } from "./project-robot-known.ts";
import { projectTeamSlug } from "./project-team-slug.ts";
import { projectTrack } from "./project-track.ts";
import { slugCollision } from "./slug-collision.ts";
import { slugFormat } from "./slug-format.ts";
import { teamRecruiting } from "./team-recruiting.ts";
import { textCharacters } from "./text-characters.ts";

/** Every cross-record rule, listed once; the validator runs them all. */
export const rules: readonly Rule[] = [
  slugFormat,
  slugCollision,
  eventTracksUnique,
  eventDates,
  projectTeamSlug,
  projectTrack,
  projectRobotKnown,
  imageExists,
  teamRecruiting,
  textCharacters,
];
