import { foldName } from "../../generator/validate/rules/name-unique.ts";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import { addFormats } from "../../generator/validate/schemas.ts";

/**
 * Arbitrary valid records: every text field drawn from strings that mix attack fragments with any
 * Unicode, cut to the schema's limits and cleared of the characters the validator refuses.
 */

/** Pieces that break out of HTML text, attributes, URLs, Markdown and script blocks. */
const FRAGMENTS = [
  "<script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  '" onfocus="alert(1)" autofocus="',
  "<svg/onload=alert(1)>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "[link](javascript:alert(1))",
  "![img](javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "<base href=//evil.example>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<!--",
  "-->",
  "<![CDATA[",
  "]]>",
  "&lt;script&gt;",
  "&#x3C;script&#x3E;",
  "</textarea><script>alert(1)</script>",
  "<style>*{x:expression(alert(1))}</style>",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "`",
  "\\",
  "'",
  '"',
  "<",
  ">",
  "&",
  "```",
  "\n```html\n<script>alert(1)</script>\n```\n",
  "\n<details open ontoggle=alert(1)>\n",
  "\n# heading\n",
  "**bold**",
  "<bdi>",
  "</bdi>",
  "\u0645\u0631\u062d\u0628\u0627",
  "\ud83e\udd16",
];

// The validator refuses these (see generator/validate/rules/text-characters.ts).
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function hostile(maxLength: number, lines: boolean): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: "grapheme", maxLength: 6 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => {
      let text = parts.join("").replace(REFUSED, "");
      if (!lines) text = text.replace(/[\n\r\u2028\u2029]/g, " ");
      text = [...text].slice(0, maxLength).join("");
      return text.length > 0 ? text : "x";
    });
}

export const shortText = hostile(200, false);
export const tagText = hostile(60, false);
export const longText = hostile(1000, true);

const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,6}){0,2}$/);
const githubHandle = fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,12}(-[A-Za-z0-9]{1,8})?$/), { nil: null });

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const isHttpUrl = ajv.compile({ ...recordSchemas.common.$defs.httpUrl });
const isImage = ajv.compile({ ...recordSchemas.project.properties.images.items });
/** http(s) URLs with queries and fragments, as the schema accepts them (quotes and all). */
const httpUrl = fc
  .webUrl({ withQueryParameters: true, withFragments: true, validSchemes: ["https", "http"] })
  .filter((url) => isHttpUrl(url));

const tags = (max: number) => fc.uniqueArray(tagText, { maxLength: max });

const member = fc.record({ name: shortText, github: githubHandle, skills: tags(3) });

export const teamRecord = fc.boolean().chain((looking) =>
  fc.record({
    name: shortText,
    lookingForMembers: fc.constant(looking),
    skillsWanted: looking ? fc.uniqueArray(tagText, { minLength: 1, maxLength: 3 }) : fc.constant([]),
    members: fc.array(member, { minLength: 1, maxLength: 3 }),
  }),
);

export function projectRecord(teamSlugs: readonly string[]) {
  return fc.record({
    title: shortText,
    tagline: hostile(280, false),
    track: fc.constantFrom("sim", "hardware", "both", null),
    robots: fc.uniqueArray(fc.oneof(fc.constant("SO-100 arm"), tagText), { maxLength: 2 }),
    description: longText,
    video: fc.option(httpUrl, { nil: null }),
    images: fc.uniqueArray(
      fc.oneof(
        fc.constant("images/alpha.svg"),
        httpUrl.map((u) => u.replace(/^http:/, "https:")).filter((u) => isImage(u)),
      ),
      {
        maxLength: 2,
      },
    ),
    repo: fc.option(httpUrl, { nil: null }),
    team: fc.array(fc.record({ name: shortText, github: githubHandle }), { minLength: 1, maxLength: 2 }),
    teamSlug:
      teamSlugs.length > 0 ? fc.option(fc.constantFrom(...teamSlugs), { nil: null }) : fc.constant(null),
  });
}

/** The text fields of the fixture event, replaced by arbitrary text. */
export const eventTexts = fc.record({
  name: shortText,
  tagline: shortText,
  venue: shortText,
  address: shortText,
  session: shortText,
  host: shortText,
  trackName: shortText,
  trackDescription: longText,
  robotName: tagText,
  robotDescription: longText,
  criterion: shortText,
  criterionDescription: longText,
});

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;

export interface GeneratedEvent {
  texts: Of<typeof eventTexts>;
  teams: Array<[string, Of<typeof teamRecord>]>;
  projects: Array<[string, Of<ReturnType<typeof projectRecord>>]>;
}

/** Two records clash when they share a slug, or a name as a person reads it (name-unique.ts). */
const clash = (a: string, b: string) => a === b || (foldName(a) !== "" && foldName(a) === foldName(b));

/**
 * An event with 0–4 teams and 0–4 projects, slugs and names unique per kind, projects linked to
 * teams or not.
 */
export const generatedEvent: fc.Arbitrary<GeneratedEvent> = fc
  .record({
    texts: eventTexts,
    teams: fc.uniqueArray(fc.tuple(slug, teamRecord), {
      maxLength: 4,
      comparator: ([s, a], [t, b]) => s === t || clash(a.name, b.name),
    }),
  })
  .chain(({ texts, teams }) =>
    fc
      .uniqueArray(fc.tuple(slug, projectRecord(teams.map(([s]) => s))), {
        maxLength: 4,
        comparator: ([s, a], [t, b]) => s === t || clash(a.title, b.title),
      })
      .map((projects) => ({ texts, teams, projects })),
  );
