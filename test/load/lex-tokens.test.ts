import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Lexer, stringify } from "yaml";
import {
  flatLexTokens,
  flattenLexer,
  lexerIsFlat,
  lexTokens,
  readLexerSource,
} from "../../generator/load/lex-tokens.ts";
import { yamlFiles } from "../helpers/yaml-files.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1_000);

const generatorTokens = (text: string) => Array.from(new Lexer().lex(text));

const { path: lexerPath, text: lexerSource } = readLexerSource()!;

/** A lexer module in the package's shape, small enough to vary one line at a time. */
const tinyLexer = (body: string) => `class Lexer {
    *lex(source) {
        this.buffer = source;
        yield* this.pushAll();
    }
    *pushAll() {
${body}
    }
}
exports.Lexer = Lexer;
`;

describe("lexTokens", () => {
  it("runs the installed yaml package's lexer rewritten without generators", () => {
    // If this fails after an upgrade of `yaml`, flattenLexer met a shape it does not know and
    // records are lexed by the (slower) generators: teach it the new shape, or pin the package.
    expect(lexerIsFlat()).toBe(true);
    expect(lexTokens("a: 1\n")).toEqual(["\x02", "\x1f", "a", ":", " ", "\x1f", "1", "\n"]);
  });

  it.each([
    ["a directive, whose newline the package's lexer leaves unlexed", "%YAML 1.2\n---\na: 1\n"],
    ["a tag directive", "%TAG !e! tag:example.com:2000:\n---\na: !e!x 1\n"],
    ["carriage returns and tabs", "a:\tb\r\nc: |\r\n  d\r\n"],
    ["flow collections", "a: [1, {b: c}, 'd']\n"],
    ["quoted scalars over lines", "a: \"one\n  two\"\nb: 'x\n\n  y'\n"],
    ["block scalars", "a: |+2\n   x\n\nb: >-\n  y\n  z\n"],
    ["anchors, aliases and tags", "a: &x !!str b\nc: *x\n"],
    ["documents and comments", "# c\n---\na: b # c\n...\n---\n- c\n"],
    ["an unterminated quote", 'a: "b\n'],
    ["a byte order mark", "\ufeffa: 1\n"],
    ["nothing", ""],
  ])("gives the generator lexer's tokens for %s", (_, text) => {
    expect(lexTokens(text)).toEqual(generatorTokens(text));
  });

  it("gives the generator lexer's tokens for every fixture and record", () => {
    const files = [...yamlFiles("test/fixtures"), ...yamlFiles("records")];
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(lexTokens(text), file).toEqual(generatorTokens(text));
    }
  });

  it("gives the generator lexer's tokens for any text made of YAML's marks", () => {
    const piece = fc.constantFrom(
      ..."abc019 -:?,[]{}#&*!|>'\"%@`\\\n\r\t.~".split(""),
      "---",
      "...",
      "- ",
      ": ",
      "  ",
      "\n  ",
      "%YAML 1.2\n",
      "!!str ",
      "\ufeff",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        expect(lexTokens(text)).toEqual(generatorTokens(text));
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it("gives the generator lexer's tokens for any data the package writes", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 4 }), (value, indent) => {
        const text = stringify(value, { indent });
        expect(lexTokens(text)).toEqual(generatorTokens(text));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("flattenLexer", () => {
  it("rewrites the package's lexer so no yield is left", () => {
    const flat = flattenLexer(lexerSource)!;
    expect(flat).not.toMatch(/\byield\b/);
    expect(flat).not.toMatch(/^\s+\*\w+\(/m);
    expect(flat).toContain("this.__flatTokens.push(cst.SCALAR);");
  });

  it("drops a generator method called without yield*, which never ran", () => {
    const source = tinyLexer(`        this.pushAll();
        yield this.buffer;`);
    expect(flattenLexer(source)).toContain("// (a generator never run)");
    const tokens = flatLexTokens({ path: lexerPath, text: source })!;
    expect(tokens("ab")).toEqual(["ab"]);
  });

  it.each([
    ["another generator function", "        const g = function* () {};\n        yield this.buffer;"],
    ["a yield used as a value", "        const x = yield this.buffer;"],
    [
      "a generator method whose result is kept",
      "        const g = this.pushAll();\n        yield this.buffer;",
    ],
    ["a generator method called with arguments", "        this.pushAll(1);\n        yield this.buffer;"],
    ["the entry point called from inside", "        yield* this.lex('');"],
    ["a yield inside an expression", "        if (this.buffer) yield this.buffer;"],
  ])("refuses a lexer with %s, so the generators are used", (_, body) => {
    const source = tinyLexer(body);
    expect(flattenLexer(source)).toBeUndefined();
    expect(flatLexTokens({ path: lexerPath, text: source })).toBeUndefined();
  });

  it("refuses a source with no lex method, and a lexer that could not be read", () => {
    expect(flattenLexer("class Lexer { *read() { yield 'a'; } }")).toBeUndefined();
    expect(flatLexTokens(undefined)).toBeUndefined();
  });
});
