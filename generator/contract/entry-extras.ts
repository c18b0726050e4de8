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
  /** Where it demos at the expo (derive/table-assignment.ts), or null: no floor and no fixed place. */
  table: ProjectTable | null;
}

/** A project's place at the expo, as published. */
export interface ProjectTable {
  /** What people read: `Table 12`, or the organiser's own text from `judging.tables`. */
  label: string;
  /** Its number on the floor, 1…N across the areas in their order; null for a fixed text place. */
  number: number | null;
  /** The area the table is in; null for a fixed text place. */
  area: ExpoArea | null;
}

/** An area of the expo floor as published: its record with a slug and its defaults filled. */
export interface ExpoArea {
  /** From its name (`Main hall` → `main-hall`); stable while the name is. */
  slug: string;
  name: string;
  power: boolean;
  large: boolean;
  track: string | null;
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
  table: {
    after: "url",
    schema: {
      type: ["object", "null"],
      required: ["label", "number", "area"],
      description:
        "Where the project demos at the expo, or null when the event has no expo floor and no place set for it.",
      properties: {
        label: { type: "string", description: "What people read: Table 12, or the organiser's own text." },
        number: {
          type: ["integer", "null"],
          minimum: 1,
          description:
            "The table's number on the floor, 1 to N across the areas; null for the organiser's own text.",
        },
        area: {
          type: ["object", "null"],
          required: ["slug", "name", "power", "large", "track"],
          description:
            "The area the table is in, as in the event's expo areas; null for the organiser's own text.",
          properties: {
            slug: { type: "string", pattern: slug.pattern },
            name: { type: "string" },
            power: { type: "boolean" },
            large: { type: "boolean" },
            track: { type: ["string", "null"] },
          },
        },
      },
    },
  },
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
