import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compileFunction } from "node:vm";
import { CST, Lexer } from "yaml";

/** Where tokens go in the rewritten lexer: a name the package's code does not use. */
const SINK = "__flatTokens";

/**
 * The `yaml` package's lexer tokens for `text`, exactly as `Array.from(new Lexer().lex(text))`
 * gives them, about four times faster.
 *
 * The package's Lexer is a tree of generators: every token climbs four or five `yield*` levels,
 * each resuming a generator and allocating a result, which made lexing about 70 % of reading a
 * record and most of the garbage of a build. So the package's own lexer source is loaded once and
 * its generators turned into plain methods that push each token onto an array (`flattenLexer`):
 * the same code takes every decision, so there is still one YAML parser. The rewrite is refused,
 * and the generator lexer used, unless the source has exactly the shapes the rewrite understands.
 */
export function lexTokens(text: string): string[] {
  return lexer()(text);
}

/** Whether `lexTokens` runs the rewritten lexer (a test holds the installed package to it). */
export function lexerIsFlat(): boolean {
  return lexer() !== generatorTokens;
}

let chosen: ((text: string) => string[]) | undefined;
/** Made on first use, so a command that reads no record does not pay for the rewrite. */
function lexer(): (text: string) => string[] {
  return (chosen ??= flatLexTokens(readLexerSource()) ?? generatorTokens);
}

function generatorTokens(text: string): string[] {
  return Array.from(new Lexer().lex(text));
}

/**
 * The lexer module's CommonJS source with every generator method made a plain one: `yield* x`
 * becomes `x` (the delegate runs to its end and gives its return value, as before) and
 * `yield token;` pushes the token. A generator method called as a bare statement, without
 * `yield*`, never runs its body, so that call is dropped (the package's lexer has one, after a
 * directive line). That is the same order of work only when every yield and every call of a
 * generator method is one of those forms and there is no other generator; otherwise this answers
 * undefined.
 */
export function flattenLexer(source: string): string | undefined {
  if (/\bfunction\s*\*/.test(source) || source.includes(SINK)) return undefined;
  const generators = [...source.matchAll(/^[ \t]+\*(\w+)\(/gm)].map((match) => match[1]!);
  if (!generators.includes("lex")) return undefined;
  for (const name of generators) {
    const uses = source.split(new RegExp(`\\.${name}\\b`)).length - 1;
    const delegated = source.split(`yield* this.${name}(`).length - 1;
    const unrun = source.match(bareCall(name))?.length ?? 0;
    // `lex` is the entry point, called from outside; the rest only from within.
    if (uses !== (name === "lex" ? 0 : delegated + unrun)) return undefined;
  }
  const yields = source.match(/\byield\b/g)?.length ?? 0;
  const delegations = source.match(/\byield\* this\.\w+\(/g)?.length ?? 0;
  const statements = source.match(/^[ \t]+yield [^;\n]+;[ \t]*$/gm)?.length ?? 0;
  if (yields !== delegations + statements) return undefined;
  let flat = source;
  for (const name of generators) flat = flat.replace(bareCall(name), "$1// (a generator never run)$2");
  flat = flat
    .replace(/^([ \t]+)\*(\w+)\(/gm, "$1$2(")
    .replace(/\byield\* (this\.\w+\()/g, "$1")
    .replace(/^([ \t]+)yield ([^;\n]+);([ \t]*)$/gm, `$1this.${SINK}.push($2);$3`);
  return /\byield\b/.test(flat) ? undefined : flat;
}

/** `this.name();` alone on its line, then perhaps a comment. */
function bareCall(name: string): RegExp {
  return new RegExp(`^([ \\t]+)this\\.${name}\\(\\);([ \\t]*(?://.*)?)$`, "gm");
}

/** The rewritten lexer's tokens function, or undefined when the source cannot be rewritten. */
export function flatLexTokens(
  source: { path: string; text: string } | undefined,
): ((text: string) => string[]) | undefined {
  const flat = source && flattenLexer(source.text);
  if (!flat) return undefined;
  const module = { exports: {} as { Lexer?: new () => FlatLexer } };
  // The token names come from the CST module the rest of the package uses, not a second copy.
  const near = createRequire(source.path);
  const need = (id: string): unknown => (id === "./cst.js" ? CST : near(id));
  compileFunction(flat, ["exports", "require", "module"], { filename: source.path })(
    module.exports,
    need,
    module,
  );
  const FlatLexer = module.exports.Lexer;
  if (typeof FlatLexer !== "function") return undefined;
  return (text) => {
    const lexer = new FlatLexer();
    const tokens: string[] = [];
    lexer[SINK] = tokens;
    lexer.lex(text);
    return tokens;
  };
}

interface FlatLexer {
  [SINK]: string[];
  lex(text: string): void;
}

/** The package's CommonJS lexer beside the entry `require("yaml")` loads, or undefined (tests read it too). */
export function readLexerSource(): { path: string; text: string } | undefined {
  try {
    const path = join(dirname(createRequire(import.meta.url).resolve("yaml")), "parse", "lexer.js");
    return { path, text: readFileSync(path, "utf8") };
  } catch {
    return undefined;
  }
}
