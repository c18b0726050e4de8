import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument, stringify } from "yaml";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { documentOffsets } from "../../generator/load/places.ts";
import { simpleYaml } from "../../generator/load/simple-yaml.ts";
import { YAML_OPTIONS } from "../../generator/load/yaml-options.ts";
import { yamlFiles } from "../helpers/yaml-files.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

/** What the document API makes of `text`: its value, or undefined when it reports anything. */
function documentValue(text: string): { value: unknown } | undefined {
  const doc = parseDocument(text, YAML_OPTIONS);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  return { value: doc.toJS() };
}

/** The property every text must hold: the quick reader declines, or agrees with the package. */
/** Any data the schema-free YAML can hold, with keys and texts that tempt a reader to misread them. */
const key = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("a", "b", "true", "1", "-x", "#", "a: b"));
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      "",
      " a",
      "a ",
      "null",
      "~",
      "0x1",
      "1e3",
      "- a",
      "[a]",
      "a #b",
      "'",
      '"',
      "\\",
      "\n",
      "a\nb",
    ),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    tie("list"),
    tie("map"),
  ),
  list: fc.array(tie("value"), { maxLength: 4 }),
  map: fc.dictionary(key, tie("value"), { maxKeys: 5 }),
}));

/** The ways the package can write it. */
const style = fc.record({
  indentSeq: fc.boolean(),
  indent: fc.integer({ min: 1, max: 4 }),
  lineWidth: fc.constantFrom(0, 20, 80),
  flowCollectionPadding: fc.boolean(),
  defaultStringType: fc.constantFrom(
    "PLAIN",
    "QUOTE_DOUBLE",
    "QUOTE_SINGLE",
    "BLOCK_LITERAL",
  ) as fc.Arbitrary<"PLAIN" | "QUOTE_DOUBLE" | "QUOTE_SINGLE" | "BLOCK_LITERAL">,
});

let accepted = 0;
function agrees(text: string): void {
  const simple = simpleYaml(text);
  if (simple === undefined) return;
  accepted++;
  expect(documentValue(text), text).toEqual({ value: simple.value });
  // The same places, so a warning points at the same line whichever reader read the record.
  expect(simple.offsets, text).toEqual(documentOffsets(parseDocument(text, YAML_OPTIONS).contents));
  // Objects as plain as the document API's, so a `__proto__` can never become a prototype.
  expect(Object.getPrototypeOf(simple.value)).toBe(Object.prototype);
}

describe("simpleYaml", () => {
  it("reads the everyday shapes as the document API does", () => {
    const text = [
      "# yaml-language-server: $schema=../schemas/project.schema.json",
      "title: Robo 'arm'  # a comment",
      '"quoted key": "tab\\there"',
      "single: 'it''s'",
      "numbers: [1, -2.5, 0x1f, 0o17, .inf, -.Inf, .nan, 1e3]",
      "words: [true, False, ~, null, 'null', on, no, 2026-12-05, 1_000, '']",
      "empty:",
      "list: []",
      "map: { }",
      "team:",
      "- name: A",
      "  github: a",
      "  skills:",
      "    - ros",
      "    - 'c++'",
      "- name: B",
      "nested:",
      "  deeper:",
      "    key: value:with:colons",
      "  other: -1",
      "description: |",
      "  Line one",
      "",
      "    indented",
      "folded: >-",
      "  a",
      "  b",
      "last: '#not a comment'",
    ].join("\n");
    const value = {
      title: "Robo 'arm'",
      "quoted key": "tab\there",
      single: "it's",
      numbers: [1, -2.5, 31, 15, Infinity, -Infinity, NaN, 1000],
      words: [true, false, null, null, "null", "on", "no", "2026-12-05", "1_000", ""],
      empty: null,
      list: [],
      map: {},
      team: [{ name: "A", github: "a", skills: ["ros", "c++"] }, { name: "B" }],
      nested: { deeper: { key: "value:with:colons" }, other: -1 },
      description: "Line one\n\n  indented\n",
      folded: "a b",
      last: "#not a comment",
    };
    expect(simpleYaml(text)?.value).toEqual(value);
    expect(documentValue(text)).toEqual({ value });
    agrees(text);
  });

  it.each([
    ["a tab", "a:\tb\n"],
    ["a carriage return", "a: b\r\nc: d\r\n"],
    ["an anchor and an alias", "a: &x b\nc: *x\n"],
    ["a tag", "a: !!binary aGk=\n"],
    ["a directive", "%YAML 1.1\n---\na: on\n"],
    ["a document marker", "---\na: b\n"],
    ["two documents", "a: b\n---\nc: d\n"],
    ["a plain scalar over two lines", "a: one\n  two\n"],
    ["a quoted scalar over two lines", 'a: "one\n  two"\n'],
    ["a value on the next line", "a:\n  b\n"],
    ["a duplicate key", "a: 1\na: 2\n"],
    ["a __proto__ key", "__proto__: {}\n"],
    ["a merge key", "<<: {a: 1}\n"],
    ["a key that is not text", "true: 1\n"],
    ["an explicit key", "? a\n: b\n"],
    ["a flow mapping with entries", "a: {b: 1}\n"],
    ["a nested flow list", "a: [[1]]\n"],
    ["a flow list over two lines", "a: [1,\n  2]\n"],
    ["a nested block scalar", "a:\n  b: |\n    x\n"],
    ["a block scalar with an indentation indicator", "a: |2\n   x\n"],
    ["a list at the root", "- a\n- b\n"],
    ["a scalar at the root", "hello\n"],
    ["an indented root", "  a: b\n"],
    ["uneven indentation", "a:\n    b: 1\n  c: 2\n"],
    ["a key with a space before its colon", "a : b\n"],
    [
      "nesting deeper than records go",
      "a:\n b:\n  c:\n   d:\n    e:\n     f:\n      g:\n       h:\n        i: 1\n",
    ],
    ["an empty file", ""],
    ["a comment alone", "# nothing\n"],
  ])("leaves %s to the document API", (_, text) => {
    expect(simpleYaml(text)).toBeUndefined();
  });

  it("types keys the same the first time and every time after, however many it has seen", () => {
    for (let round = 0; round < 2; round++) {
      expect(simpleYaml("true: 1\n")).toBeUndefined();
      expect(simpleYaml("0x1f: a\n")).toBeUndefined();
      expect(simpleYaml("name: true\nnull2: ~\n")?.value).toEqual({ name: true, null2: null });
    }
    const many = Array.from({ length: 1500 }, (_, i) => `k${i}: ${i}`).join("\n");
    expect(Object.keys(simpleYaml(many)!.value)).toHaveLength(1500);
    expect(simpleYaml("1: a\n")).toBeUndefined();
    expect(simpleYaml("k1499: .inf\n")?.value).toEqual({ k1499: Infinity });
  });

  describe("on the benchmark's synthetic event", () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), "simple-yaml-"));
      await writeSyntheticEvent(root, { teams: 60, projects: 60 });
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it("reads every record, the value and the places the document API gives", () => {
      const files = yamlFiles(join(root, "records")).filter((file) => !file.includes("schemas"));
      expect(files).toHaveLength(121);
      for (const file of files) {
        const text = readFileSync(file, "utf8");
        expect(simpleYaml(text), file).toBeDefined();
        agrees(text);
      }
    });
  });

  it("agrees with the document API on every fixture it accepts", () => {
    const files = [...yamlFiles("test/fixtures"), ...yamlFiles("records")];
    expect(files.length).toBeGreaterThan(100);
    let accepted = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      agrees(text);
      if (simpleYaml(text)) accepted++;
    }
    // Most fixtures are plain records; the hostile ones must fall through.
    expect(accepted).toBeGreaterThan(files.length / 2);
  });

  it("agrees with the document API on YAML the package writes from any data", () => {
    const share = agreeOn(fc.tuple(data.map, style), PROPERTY_RUNS, ([value, options]) =>
      stringify(value, options),
    );
    // Most of what the package writes has the simple shape; the rest tests the way out.
    expect(share).toBeGreaterThan(0.2);
  });

  it("agrees with the document API on written YAML with lines shifted, commented or repeated", () => {
    const edit = fc.tuple(
      fc.nat(),
      fc.constantFrom("indent", "outdent", "comment", "trailing comment", "blank", "repeat", "drop"),
    );
    const share = agreeOn(
      fc.tuple(data.map, style, fc.array(edit, { maxLength: 3 })),
      PROPERTY_RUNS * 2,
      ([value, options, edits]) => {
        const lines = stringify(value, options).split("\n");
        for (const [at, kind] of edits) {
          if (lines.length === 0) break;
          const i = at % lines.length;
          const line = lines[i]!;
          if (kind === "indent") lines[i] = ` ${line}`;
          else if (kind === "outdent") lines[i] = line.replace(/^ /, "");
          else if (kind === "comment") lines.splice(i, 0, `${" ".repeat(at % 5)}# note`);
          else if (kind === "trailing comment") lines[i] = `${line} # note`;
          else if (kind === "blank") lines.splice(i, 0, "");
          else if (kind === "repeat") lines.splice(i, 0, line);
          else lines.splice(i, 1);
        }
        return lines.join("\n");
      },
    );
    expect(share).toBeGreaterThan(0.1);
  });

  it("agrees with the document API on texts spliced from YAML fragments", () => {
    const fragment = fc.constantFrom(
      ...["a", "b", "key", "__proto__", "true", "1", "~", ":", ": ", " ", "  ", "\n", "\n  ", "\n- ", "- "],
      ...["#c", " #c", "'q'", "'", '"d\\n"', '"', "[", "]", "[]", "{", "}", "{}", ",", "|", "|-", ">", ">-"],
      ...["&a ", "*a", "!!str ", "? ", "---", "...", "%", "@", "`", "\t", "\r\n", "0x1", "-.5", ".nan"],
    );
    agreeOn(fc.array(fragment, { maxLength: 40 }), PROPERTY_RUNS * 5, (parts) => parts.join(""));
  });
});

/** Checks `agrees` on `runs` generated texts; answers the share the quick reader accepted. */
function agreeOn<T>(arbitrary: fc.Arbitrary<T>, runs: number, toText: (value: T) => string): number {
  accepted = 0;
  fc.assert(
    fc.property(arbitrary, (value) => agrees(toText(value))),
    { numRuns: runs },
  );
  return accepted / runs;
}
