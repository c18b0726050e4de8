import MarkdownIt, { type Token } from "markdown-it";

/**
 * The event facts a handbook chapter can hold as a line of its own, `<!-- event: tracks -->`:
 * the build puts the event's own tracks (robots, deadlines, judging criteria, prizes) there, so a
 * chapter never copies a fact that `npm run init` or a later edit of the event makes stale.
 */
export const EVENT_DIRECTIVES = ["tracks", "robots", "deadlines", "judging", "prizes"] as const;
export type EventDirective = (typeof EVENT_DIRECTIVES)[number];

/** One place a chapter names an event directive: where, which, and whether it can be replaced. */
export interface DirectiveUse {
  /** 1-based, in the chapter's file. */
  line: number;
  column: number;
  /** What follows `event:`, as written (may be empty). */
  name: string;
  /** A paragraph of its own: the only way a directive is replaced. */
  alone: boolean;
}

// A comment that starts like a directive is taken for one, so a misspelt name is an error, not text.
const MENTION = /<!--\s*event\b/;
const DIRECTIVE = /^<!--\s*event\s*:\s*(.*?)\s*-->$/;

/** The directive a paragraph is, when its whole text is one; undefined otherwise. */
export function directiveOf(paragraph: string): string | undefined {
  return DIRECTIVE.exec(paragraph.trim())?.[1];
}

export function isEventDirective(name: string): name is EventDirective {
  return (EVENT_DIRECTIVES as readonly string[]).includes(name);
}

// Only the block structure matters here; it is the same for every option the renderers set.
const parser = new MarkdownIt({ html: false });

/**
 * Every directive (or text that starts like one) in a chapter, outside code: a paragraph that is
 * exactly a directive is `alone`; one inside other text, a heading or a table cell is not.
 */
export function findDirectives(markdown: string): DirectiveUse[] {
  const lines = markdown.split("\n");
  const found: DirectiveUse[] = [];
  const tokens = parser.parse(markdown, {});
  // A table cell's inline token has no line map: the row's does.
  let line = 0;
  tokens.forEach((token, i) => {
    if (token.map) line = token.map[0];
    if (token.type !== "inline" || !token.children) return;
    const alone =
      tokens[i - 1]?.type === "paragraph_open" &&
      token.children.length === 1 &&
      directiveOf(token.content) !== undefined;
    let offset = 0;
    for (const child of token.children) {
      if (child.type === "softbreak" || child.type === "hardbreak") offset++;
      if (child.type === "text" && MENTION.test(child.content))
        found.push(use(lines, line + offset, child, alone));
    }
  });
  return found;
}

function use(lines: readonly string[], index: number, child: Token, alone: boolean): DirectiveUse {
  const text = lines[index] ?? "";
  const at = text.search(MENTION);
  const name = /<!--\s*event\s*:?\s*(.*?)\s*(?:-->|$)/.exec(
    child.content.slice(child.content.search(MENTION)),
  );
  return { line: index + 1, column: at < 0 ? 1 : at + 1, name: name?.[1] ?? "", alone };
}
