import { siteUrl } from "../../derive/base-url.ts";
import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { meta } from "./meta.ts";

/** An image of the event as an absolute URL: an https address as it is, a site path under the base URL. */
const imageUrl = (baseUrl: string, image: string | null): string | null =>
  image === null ? null : /^https:/i.test(image) ? image : siteUrl(baseUrl, image);

export const eventJson: DocumentKind = {
  name: "event",
  path: "api/event.json",
  mediaType: JSON_TYPE,
  description:
    "The event: dates, deadlines, schedule, venue, hosts and sponsors, tracks, robots available, judging criteria, prizes, judges, registration link and organisers.",
  endpoint: { operationId: "getEvent", schema: "Event" },
  render: (model) => [
    {
      path: "api/event.json",
      body: json({
        object: "event",
        ...meta(model),
        ...model.event,
        hosts: model.event.hosts.map((h) => ({ ...h, logoUrl: imageUrl(model.baseUrl, h.logo) })),
        judges: model.event.judges.map((j) => ({ ...j, photoUrl: imageUrl(model.baseUrl, j.photo) })),
        calendar: siteUrl(model.baseUrl, CALENDAR_PATH),
        logoUrl: model.event.logo === null ? null : siteUrl(model.baseUrl, model.event.logo),
      }),
    },
  ],
};
