import { API_DESCRIPTIONS } from "./api-descriptions.ts";
import { ERROR_CODES } from "./api-error.ts";
import { extraSchemas, PROJECT_EXTRAS, TEAM_EXTRAS } from "./entry-extras.ts";
import { inlineSchema } from "./inline-schema.ts";
import { editionEntrySchema } from "./edition-schemas.ts";
import { recordSchemas } from "./record-schemas.ts";

type Json = Record<string, unknown>;

/**
 * JSON Schemas of the published documents, derived from the record schemas so nothing is kept in
 * sync by hand. Published entries never forbid unknown keys (the contract's fields are additive)
 * and every field is present (defaults filled), which the record schemas cannot say.
 */
export function publishedSchemas(trackIds?: readonly string[]): Record<string, Json> {
  const slug = { type: "string", pattern: recordSchemas.common.$defs.slug.pattern };
  const url = { type: "string", format: "uri" };
  const project = entry("project", extraSchemas(PROJECT_EXTRAS));
  // The event's track ids, when known, are the only values track takes.
  if (trackIds) {
    const properties = project.properties as Record<string, Json>;
    properties.track = { ...properties.track, enum: [...trackIds, null] };
  }
  const team = entry("team", extraSchemas(TEAM_EXTRAS));
  const meta = {
    generatedAt: { type: "string", format: "date-time", description: "When the document was generated." },
    docs: { ...url, description: "The human-readable developer page." },
  };
  const list = (item: Json): Json =>
    open({
      type: "object",
      required: ["object", "count", "generatedAt", "docs", "data"],
      properties: {
        object: { const: "list" },
        count: { type: "integer", minimum: 0, description: "Number of entries in data." },
        ...meta,
        data: { type: "array", items: item },
      },
    });
  const event = entry("event", {
    object: { const: "event" },
    ...meta,
    calendar: { ...url, description: "The schedule as an iCalendar file (event.ics)." },
    logoUrl: {
      type: ["string", "null"],
      format: "uri",
      description: "The logo as an absolute URL, or null.",
    },
  });
  // A host's logo and a judge's photo, like the event's logo, also as an absolute URL.
  itemUrl(event, "hosts", "logoUrl", "The logo as an absolute URL, or null.");
  itemUrl(event, "judges", "photoUrl", "The photo as an absolute URL, or null.");
  expoAreas(event);
  if (trackIds) {
    const prize = (event.properties as Record<string, Json>).prizes!.items as Json;
    const properties = prize.properties as Record<string, Json>;
    properties.track = { ...properties.track, enum: [...trackIds, null] };
  }
  const error = open({
    type: "object",
    required: ["object", "status", "code", "message", "resolution", "docs"],
    properties: {
      object: { const: "error" },
      status: { type: "integer", description: "The HTTP status the error stands for." },
      code: { enum: ERROR_CODES, description: "Machine-readable error code." },
      message: { type: "string", description: "What went wrong, for people." },
      resolution: { type: "string", description: "What to do next." },
      docs: url,
      html: {
        type: "string",
        description:
          "Only in the site-wide 404 page that GitHub Pages serves for every missing path: the same message as a page, for browsers. Elsewhere the body has the error members alone.",
      },
    },
  });
  const index = open({
    type: "object",
    required: ["object", "generatedAt", "docs", "endpoints", "templates", "feeds", "redirects"],
    properties: {
      object: { const: "index" },
      ...meta,
      spec: { ...url, description: "The OpenAPI description, when published." },
      endpoints: {
        type: "array",
        items: open({
          type: "object",
          required: ["path", "url", "mediaType", "description"],
          properties: {
            path: { type: "string" },
            url,
            mediaType: { type: "string" },
            description: { type: "string" },
          },
        }),
      },
      templates: {
        type: "array",
        description: "Documents one per record, as URI templates (RFC 6570): fill in a slug.",
        items: open({
          type: "object",
          required: ["path", "urlTemplate", "mediaType", "description"],
          properties: {
            path: { type: "string", description: "Such as /api/projects/{slug}.json." },
            urlTemplate: { type: "string", description: "The absolute URL with {slug} to fill in." },
            mediaType: { type: "string" },
            description: { type: "string" },
          },
        }),
      },
      feeds: {
        type: "array",
        description: "Atom feeds to subscribe to instead of polling.",
        items: open({
          type: "object",
          required: ["title", "url", "mediaType"],
          properties: { title: { type: "string" }, url, mediaType: { type: "string" } },
        }),
      },
      redirects: {
        type: "object",
        description: "Former slugs of renamed records, each mapped to the current slug.",
        required: ["teams", "projects"],
        properties: Object.fromEntries(
          ["teams", "projects"].map((kind) => [kind, { type: "object", additionalProperties: slug }]),
        ),
      },
    },
  });
  return {
    ProjectEntry: project,
    TeamEntry: team,
    ProjectList: list(project),
    TeamList: list(team),
    Event: event,
    Index: index,
    EditionList: list(editionEntrySchema(slug.pattern)),
    Error: error,
  };
}

/**
 * A record schema as a published entry: extra keys allowed, every field required, extras added,
 * and the API's words where the record's speak of files.
 */
function entry(kind: keyof typeof recordSchemas, extra: Record<string, Json>): Json {
  const inlined = open(inlineSchema(recordSchemas[kind], { titles: true }));
  const words = API_DESCRIPTIONS[kind] ?? {};
  const properties = { ...extra, ...(inlined.properties as Record<string, Json>) };
  for (const [name, description] of Object.entries(words))
    if (name && properties[name]) properties[name] = { ...properties[name], description };
  return {
    ...inlined,
    ...(words[""] ? { description: words[""] } : {}),
    properties,
    required: Object.keys(properties),
  };
}

/** Adds `name`, an absolute URL or null, to the items of the list `list` of `schema`, after the record's fields. */
function itemUrl(schema: Json, list: string, name: string, description: string): void {
  const items = ((schema.properties as Record<string, Json>)[list]!.items ?? {}) as Json;
  items.properties = {
    ...(items.properties as Json),
    [name]: { type: ["string", "null"], format: "uri", description },
  };
}

/** The expo floor's areas as published: each with its slug first, every key present. */
function expoAreas(event: Json): void {
  const expo = (event.properties as Record<string, Json>).expo!;
  const areas = (expo.properties as Record<string, Json>).areas!;
  const items = areas.items as Json;
  items.properties = {
    slug: {
      type: "string",
      pattern: recordSchemas.common.$defs.slug.pattern,
      description: "From the area's name (Main hall: main-hall), for links; each area's is its own.",
    },
    ...(items.properties as Json),
  };
  items.required = Object.keys(items.properties as Json);
}

/** Drops `additionalProperties: false` and record-only defaults everywhere below. */
function open(schema: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node as Json)
        .filter(([key, value]) => !(key === "additionalProperties" && value === false) && key !== "default")
        .map(([key, value]) => [key, walk(value)]),
    );
  };
  return walk(schema) as Json;
}
