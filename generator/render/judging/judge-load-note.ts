import { count, overloadedJudges } from "../../derive/judge-load.ts";
import type { Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { text } from "../shared/parts.ts";

/** Names the note lists before counting the rest: it stays short at any number of judges. */
const NAMED = 10;

/**
 * The judging page tells the organiser what `npm run validate` warns of: judges given more
 * projects than judging.perJudgeMax, and what to change. Empty when every load is within it.
 */
export function judgeLoadNote(model: Model): Html | "" {
  const over = overloadedJudges(model);
  if (over.length === 0) return "";
  const { perJudgeMax, perProject } = model.event.judging;
  const most = count(perJudgeMax);
  const one = over[0]!;
  const who =
    over.length === 1
      ? html`${text(one.name)} gets ${count(one.projects)} projects, more than <code>judging.perJudgeMax</code> (${most}): a person can score about ${most} in an afternoon.`
      : html`${count(over.length)} judges get more projects than <code>judging.perJudgeMax</code> (${most}), about what a person can score in an afternoon: ${over.slice(0, NAMED).map((o, i) => html`${i ? ", " : ""}${text(o.name)} (${count(o.projects)})`)}${over.length > NAMED ? ` and ${count(over.length - NAMED)} more` : ""}.`;
  return html`<p class="notice" data-judge-load>${who} Organisers: add judges, or lower <code>judging.perProject</code> (now ${perProject}) in <code>records/event.yaml</code>, so each judge gets at most ${most}.</p>\n`;
}
