import type { RecordRule, Rule } from "../rule.ts";
import { eventAccentContrast } from "./event-accent-contrast.ts";
import { eventAwardPrize } from "./event-award-prize.ts";
import { eventAwards } from "./event-awards.ts";
import { eventCriterionNames } from "./event-criterion-names.ts";
import { eventDates } from "./event-dates.ts";
import { eventDeadlineDays } from "./event-deadline-days.ts";
import { eventDeadlineExtensions } from "./event-deadline-extensions.ts";
import { eventDeadlineOrder } from "./event-deadline-order.ts";
import { eventJudgeConflicts } from "./event-judge-conflicts.ts";
import { eventJudgingTables } from "./event-judging-tables.ts";
import { eventJudgeNames } from "./event-judge-names.ts";
import { eventJudgePrizes } from "./event-judge-prizes.ts";
import { eventPrizeIds } from "./event-prize-ids.ts";
import { eventPrizeTrack } from "./event-prize-track.ts";
import { eventScheduleOrder } from "./event-schedule-order.ts";
import { eventTimeForm } from "./event-time-form.ts";
import { eventTimeOffset } from "./event-time-offset.ts";
import { eventTimezone } from "./event-timezone.ts";
import { eventTracksUnique } from "./event-tracks-unique.ts";
import { expoAreaNames } from "./expo-area-names.ts";
import { expoAreaTrack } from "./expo-area-track.ts";
import { expoBothTables } from "./expo-both-tables.ts";
import { expoFixedTables } from "./expo-fixed-tables.ts";
import { expoLargeTables } from "./expo-large-tables.ts";
import { expoPowerTables } from "./expo-power-tables.ts";
import { expoTablesEnough } from "./expo-tables-enough.ts";
import { formerSlugs } from "./former-slugs.ts";
import { formsCurrent } from "./forms-current.ts";
import { handbookDirective } from "./handbook-directive.ts";
import { handbookExamples } from "./handbook-examples.ts";
import { handbookName } from "./handbook-name.ts";
import { handbookSlugCollision } from "./handbook-slug-collision.ts";
import { handbookTitle } from "./handbook-title.ts";
import { imageExists } from "./image-exists.ts";
import { nameUnique } from "./name-unique.ts";
import { notARecord } from "./not-a-record.ts";
import { placeholders } from "./placeholders.ts";
import { projectRobotKnown } from "./project-robot-known.ts";
import { projectTeamSlug } from "./project-team-slug.ts";
import { projectTrack } from "./project-track.ts";
import { recordEditable } from "./record-editable.ts";
import { slugCollision } from "./slug-collision.ts";
import { slugFormat } from "./slug-format.ts";
import { slugLength } from "./slug-length.ts";
import { slugReserved } from "./slug-reserved.ts";
import { teamRecruiting } from "./team-recruiting.ts";
import { textCharacters } from "./text-characters.ts";

/** Every rule about one record alone, listed once; each record is checked with them as it is read. */
export const recordRules: readonly RecordRule[] = [
  slugFormat,
  slugLength,
  teamRecruiting,
  textCharacters,
  placeholders,
  eventTimeForm,
  eventTimeOffset,
];

/** Every cross-record rule, listed once; the validator runs them all. */
export const rules: readonly Rule[] = [
  notARecord,
  slugCollision,
  slugReserved,
  nameUnique,
  formerSlugs,
  eventTracksUnique,
  eventDates,
  eventScheduleOrder,
  eventTimezone,
  eventDeadlineOrder,
  eventDeadlineExtensions,
  eventDeadlineDays,
  eventAccentContrast,
  eventAwards,
  eventPrizeIds,
  eventPrizeTrack,
  eventAwardPrize,
  eventJudgeNames,
  eventCriterionNames,
  eventJudgePrizes,
  eventJudgeConflicts,
  eventJudgingTables,
  expoAreaNames,
  expoAreaTrack,
  expoFixedTables,
  expoTablesEnough,
  expoPowerTables,
  expoLargeTables,
  expoBothTables,
  projectTeamSlug,
  projectTrack,
  projectRobotKnown,
  imageExists,
  recordEditable,
  handbookExamples,
  handbookName,
  handbookTitle,
  handbookSlugCollision,
  handbookDirective,
  formsCurrent,
];
