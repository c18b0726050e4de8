import { recordSchemas } from "./record-schemas.ts";

type Json = Record<string, unknown>;

/**
 * The fields a published entry has beyond its record: the few the build computes. Each is named
 * here once, with its type, its schema for openapi.json and the record field it follows in the
 * JSON; every other field of an entry is its record's, as the record schema says.
 */
export interface ProjectExtras {
  slug: string;
  imageUrls: string[];
  awards: string[];
  url: string;
}

export interface TeamExtras {
  slug: string;
  skillsPresent: string[];
  projects: Array<{ slug: string; title: string; url: string }>;
  url: string;
}

/** `after`: the field it follows (`null`: first), so entries keep one stable key order. */
export type Extras<T> = { [K in keyof T]: { after: string | null; schema: Json } };

const slug = {
  type: "string",
  pattern: recordSchemas.common.$defs.slug.pattern,
  description: "Stable identifier; matches the page path.",
};
const url = { type: "string", format: "uri" };
const names = { type: "array", items: { type: "string" } };

export const PROJECT_EXTRAS: Extras<ProjectExtras> = {
  slug: { after: null, schema: slug },
  imageUrls: {
    after: "images",
    schema: {
      type: "array",
      items: url,
      description: "The images as absolute URLs, in the order of images.",
    },
  },
  awards: {
    after: "formerSlugs",
    schema: {
      ...names,
      description:
        "The names of the awards the project won, as in the event's awards; empty until judging is over.",
    },
  },
  url: { after: "awards", schema: { ...url, description: "Absolute address of the project page." } },
};

export const TEAM_EXTRAS: Extras<TeamExtras> = {
  slug: { after: null, schema: slug },
  url: { after: "formerSlugs", schema: { ...url, description: "Absolute address of the team page." } },
  skillsPresent: {
    after: "members",
    schema: { ...names, description: "Skills present in the roster, sorted, each once." },
  },
  projects: {
    after: "skillsPresent",
    schema: {
      type: "array",
      description: "Projects whose teamSlug names this team.",
      items: {
        type: "object",
        required: ["slug", "title", "url"],
        properties: { slug: { type: "string", pattern: slug.pattern }, title: { type: "string" }, url },
      },
    },
  },
};

/** The extras' schemas by name, for openapi.json. */
export function extraSchemas<E>(extras: Extras<E>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries<{ schema: Json }>(extras).map(([name, extra]) => [name, extra.schema]),
  );
}
