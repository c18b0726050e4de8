import { fileURLToPath } from "node:url";
import type { Severity } from "../../generator/diagnostics/diagnostic.ts";

export const HOSTILE = fileURLToPath(new URL("../fixtures/hostile/", import.meta.url));

/** line, column, rule, severity, message: in the order the validator reports them. */
export type Expected = [number, number, string, Severity, string];

/**
 * Every file of test/fixtures/hostile and exactly what the validator says about it when it is
 * dropped into the valid fixture event. An empty list means the record is accepted as written
 * (the YAML 1.1 readings that YAML 1.2 keeps as text); hostile-records.test.ts checks what those
 * publish.
 */
export const expected: Record<string, Expected[]> = {
  "event/event-date-impossible.yaml": [
    [5, 10, "event-dates", "error", 'endDate must be on or after startDate 2026-12-05 (found "2026-02-30")'],
    [5, 10, "invalid-value", "error", 'endDate must be a date such as 2026-12-06 (found "2026-02-30")'],
  ],
  "event/event-dates-unquoted.yaml": [],
  "teams/..yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as my-record.yaml (found "..yaml")',
    ],
  ],
  "teams/.hidden.yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as hidden.yaml (found ".hidden.yaml")',
    ],
  ],
  "teams/Upper-Case.yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as upper-case.yaml (found "Upper-Case.yaml")',
    ],
  ],
  "teams/alpha\u2010team.yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as alpha-team.yaml (found "alpha\u2010team.yaml", whose character 6 is U+2010, not a-z)',
    ],
  ],
  "teams/bidi-isolate-escaped.yaml": [
    [
      4,
      11,
      "text-characters",
      "error",
      "members[0].name must not contain control, text-direction or noncharacter code points (found U+2066 LEFT-TO-RIGHT ISOLATE at character 5)",
    ],
  ],
  "teams/bidi-override.yaml": [
    [
      1,
      7,
      "text-characters",
      "error",
      "name must not contain control, text-direction or noncharacter code points (found U+202E RIGHT-TO-LEFT OVERRIDE at character 6)",
    ],
  ],
  "teams/constructor-key.yaml": [
    [
      5,
      5,
      "unknown-field",
      "error",
      'field "constructor" is not allowed in members[0]; expected one of name, github, skills (found "constructor")',
    ],
  ],
  "teams/proto-key.yaml": [
    [
      1,
      1,
      "unknown-field",
      "error",
      'field "__proto__" is not allowed in a team record; expected one of name, lookingForMembers, skillsWanted, about, contact, members, formerSlugs (found "__proto__")',
    ],
  ],
  "teams/type-mapping-for-list.yaml": [
    [4, 3, "wrong-type", "error", "members must be a list of at least one member (found a mapping)"],
  ],
  "teams/type-string-for-boolean.yaml": [
    [2, 20, "wrong-type", "error", 'lookingForMembers must be true or false (found "true")'],
  ],
  "teams/with space.yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as with-space.yaml (found "with space.yaml")',
    ],
  ],
  "teams/yaml11-boolean-on.yaml": [
    [2, 20, "wrong-type", "error", 'lookingForMembers must be true or false (found "on")'],
  ],
  "teams/yaml11-sexagesimal-stays-text.yaml": [],
  "teams/yaml11-words-stay-text.yaml": [],
  "teams/yaml12-numbers-are-numbers.yaml": [
    [5, 14, "wrong-type", "error", 'members[0].skills[0] must be a short label such as "ROS 2" (found 31)'],
    [5, 20, "wrong-type", "error", 'members[0].skills[1] must be a short label such as "ROS 2" (found 17)'],
    [5, 25, "wrong-type", "error", 'members[0].skills[2] must be a short label such as "ROS 2" (found 1000)'],
  ],
  "teams/\u0430lpha-team.yaml": [
    [
      1,
      1,
      "slug-format",
      "error",
      'file name must be lowercase words joined by hyphens, such as lpha-team.yaml (found "\u0430lpha-team.yaml", whose character 1 is U+0430, not a-z)',
    ],
  ],
  "projects/control-nul.yaml": [
    [
      1,
      8,
      "text-characters",
      "error",
      "title must not contain control, text-direction or noncharacter code points (found U+0000, a control character at character 5)",
    ],
  ],
  "projects/control-terminal-escape.yaml": [
    [
      1,
      8,
      "text-characters",
      "error",
      "title must not contain control, text-direction or noncharacter code points (found U+001B, a control character at character 1)",
    ],
  ],
  "projects/encoding-bom.yaml": [
    [
      1,
      1,
      "file-bom",
      "warning",
      "record should be UTF-8 without a byte-order mark (found U+FEFF at the start)",
    ],
  ],
  "projects/encoding-latin1.yaml": [
    [1, 11, "file-encoding", "error", "record must be UTF-8 text (found byte 0xe9 that is not UTF-8)"],
  ],
  "projects/encoding-utf16.yaml": [
    [1, 1, "file-encoding", "error", "record must be UTF-8 text (found byte 0xff that is not UTF-8)"],
  ],
  "projects/image-absolute-path.yaml": [
    [
      5,
      5,
      "invalid-value",
      "error",
      'images[0] must be an https:// URL or a site-relative path such as images/rover.svg (found "/etc/passwd")',
    ],
  ],
  "projects/image-backslash.yaml": [
    [
      5,
      5,
      "invalid-value",
      "error",
      'images[0] must be an https:// URL or a site-relative path such as images/rover.svg (found "images\\\\\\\\..\\\\\\\\..\\\\\\\\secret.png")',
    ],
  ],
  "projects/image-encoded-parent.yaml": [
    [
      5,
      5,
      "invalid-value",
      "error",
      'images[0] must be an https:// URL or a site-relative path such as images/rover.svg (found "images/%2e%2e/%2e%2e/records/event.yaml")',
    ],
  ],
  "projects/image-file-url.yaml": [
    [
      5,
      5,
      "invalid-value",
      "error",
      'images[0] must be an https:// URL or a site-relative path such as images/rover.svg (found "file:///etc/passwd")',
    ],
  ],
  "projects/image-parent-path.yaml": [
    [
      5,
      5,
      "invalid-value",
      "error",
      'images[0] must be an https:// URL or a site-relative path such as images/rover.svg (found "../../../../etc/passwd")',
    ],
  ],
  "projects/type-number-for-string.yaml": [
    [1, 8, "wrong-type", "error", "title must be a line of text (found 1234)"],
  ],
  "projects/url-control-characters.yaml": [
    [
      4,
      7,
      "invalid-value",
      "error",
      'repo must be an absolute http:// or https:// URL, or null (found "https://github.com/example/\\tbot\\r\\n")',
    ],
    [
      4,
      7,
      "text-characters",
      "error",
      "repo must not contain control, text-direction or noncharacter code points (found U+000D, a control character at character 32)",
    ],
  ],
  "projects/url-credentials.yaml": [
    [
      4,
      7,
      "invalid-value",
      "error",
      'repo must be an absolute http:// or https:// URL, or null (found "https://user:hunter2@github.com/example/bot")',
    ],
  ],
  "projects/url-data.yaml": [
    [
      4,
      8,
      "invalid-value",
      "error",
      'video must be an absolute http:// or https:// URL, or null (found "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")',
    ],
  ],
  "projects/url-file.yaml": [
    [
      4,
      7,
      "invalid-value",
      "error",
      'repo must be an absolute http:// or https:// URL, or null (found "file:///etc/passwd")',
    ],
  ],
  "projects/url-javascript-mixed-case.yaml": [
    [
      4,
      8,
      "invalid-value",
      "error",
      'video must be an absolute http:// or https:// URL, or null (found " JaVaScRiPt:alert(1)")',
    ],
  ],
  "projects/yaml-alias-bomb.yaml": [
    [
      2,
      8,
      "yaml-alias",
      "error",
      "values must be written out, not repeated with an alias (found *a and 71 more aliases)",
    ],
  ],
  "projects/yaml-bad-indentation.yaml": [
    [
      2,
      3,
      "yaml-indentation",
      "error",
      "`tagline` is indented 2 spaces more than `title` above it; start the record's keys at the beginning of the line (found `tagline` at column 3, `title` at column 1)",
    ],
  ],
  "projects/yaml-deep-nesting.yaml": [
    [2, 28, "yaml-depth", "error", "values must nest at most 20 levels deep (found more than 20 levels)"],
  ],
  "projects/yaml-deep-overflow.yaml": [
    [
      2,
      208,
      "yaml-depth",
      "error",
      "values must nest at most 20 levels deep (found nesting too deep to read)",
    ],
  ],
  "projects/yaml-directive-1-1.yaml": [
    [1, 1, "yaml-directive", "error", 'record must not start with YAML directives (found "%YAML 1.1")'],
  ],
  "projects/yaml-duplicate-key.yaml": [
    [4, 1, "yaml-duplicate-key", "error", 'each key must appear once per mapping (found "title" twice)'],
  ],
  "projects/yaml-empty.yaml": [
    [1, 1, "yaml-root", "error", "record must be a mapping of field names to values (found an empty file)"],
  ],
  "projects/yaml-list-root.yaml": [
    [
      1,
      1,
      "yaml-root",
      "error",
      "record must be a mapping of field names to values (found a single value or a list)",
    ],
  ],
  "projects/yaml-key-not-a-name.yaml": [
    [2, 1, "yaml-key", "error", "keys must be field names (found 1, read as number and 2 more keys like it)"],
  ],
  "projects/yaml-merge-bomb.yaml": [
    [2, 10, "yaml-key", "error", "keys must be field names (found the merge key << and 2 more keys like it)"],
    [
      2,
      14,
      "yaml-alias",
      "error",
      "values must be written out, not repeated with an alias (found *base and 5 more aliases)",
    ],
  ],
  "projects/yaml-scalar-root.yaml": [
    [
      1,
      1,
      "yaml-root",
      "error",
      "record must be a mapping of field names to values (found a single value or a list)",
    ],
  ],
  "projects/yaml-tab-indentation.yaml": [
    [
      3,
      1,
      "yaml-syntax",
      "error",
      "line 3 is indented with a tab; YAML indents with spaces only (found a tab)",
    ],
  ],
  "projects/yaml-tag-binary.yaml": [
    [4, 8, "yaml-tag", "error", "values must be plain YAML without tags (found !!binary)"],
  ],
  "projects/yaml-tag-js-function.yaml": [
    [4, 7, "yaml-tag", "error", "values must be plain YAML without tags (found !!js/function)"],
  ],
  "projects/yaml-tag-local.yaml": [
    [4, 8, "yaml-tag", "error", "values must be plain YAML without tags (found !ruby/object:Gem::Installer)"],
  ],
  "projects/yaml-two-documents.yaml": [
    [
      2,
      1,
      "yaml-syntax",
      "error",
      "record must be valid YAML (found Source contains multiple documents; please use YAML.parseAllDocuments())",
    ],
  ],
  "projects/yaml-unclosed-flow.yaml": [
    [
      2,
      1,
      "yaml-syntax",
      "error",
      "`robots`'s list opens with [ but its line does not close it with ] (found [SO-100 arm)",
    ],
  ],
  "projects/yaml-unclosed-quote.yaml": [
    [
      1,
      1,
      "yaml-syntax",
      "error",
      '`title`\'s value opens a quote (") that nothing closes, so YAML reads every line after it as part of the value (found "Open)',
    ],
  ],
  "projects/yaml-undefined-alias.yaml": [
    [1, 8, "yaml-alias", "error", "values must be written out, not repeated with an alias (found *nope)"],
  ],
};
