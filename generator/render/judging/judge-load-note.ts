import { count, overloadedJudges } from "../../derive/judge-load.ts";
import type { Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { text } from "../shared/parts.ts";

/** Names the note lists before counting the rest: it stays short at any number of judges. */
const NAMED = 10;

/**
 * The judging page says what `npm run validate` warns of, for whoever reads it (judges, visitors,
 * organisers): judges given more projects than a person can score in an afternoon
 * (judging.perJudgeMax). What the organiser can change is the warning's (derive/judge-load.ts), not
 * the judges' page (review of issue 57). Empty when every load is within it.
 */
export function judgeLoadNote(model: Model): Html | "" {
  const over = overloadedJudges(model);
  if (over.length === 0) return "";
  const most = count(model.event.judging.perJudgeMax);
  const one = over[0]!;
  const who =
    over.length === 1
      ? html`${text(one.name)} has ${count(one.projects)} projects to score, more than a person can score in an afternoon (about ${most}).`
      : html`${count(over.length)} judges have more projects to score than a person can score in an afternoon (about ${most}): ${over.slice(0, NAMED).map((o, i) => html`${i ? ", " : ""}${text(o.name)} (${count(o.projects)})`)}${over.length > NAMED ? ` and ${count(over.length - NAMED)} more` : ""}.`;
  return html`<p class="notice" data-judge-load>${who}</p>\n`;
}
