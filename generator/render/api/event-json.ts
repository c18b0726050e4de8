import { siteUrl } from "../../derive/base-url.ts";
import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { meta } from "./meta.ts";

export const eventJson: DocumentKind = {
  name: "event",
  path: "api/event.json",
  mediaType: JSON_TYPE,
  description:
    "The event: dates, deadlines, schedule, venue, hosts, tracks, robots available, judging criteria, registration link and organisers.",
  endpoint: { operationId: "getEvent", schema: "Event" },
  render: (model) => [
    {
      path: "api/event.json",
      body: json({
        object: "event",
        ...meta(model),
        ...model.event,
        calendar: siteUrl(model.baseUrl, CALENDAR_PATH),
        logoUrl: model.event.logo === null ? null : siteUrl(model.baseUrl, model.event.logo),
      }),
    },
  ],
};
