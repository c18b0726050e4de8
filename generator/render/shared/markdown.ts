import MarkdownIt, { type StateCore, type Token } from "markdown-it";
import { raw, type Html } from "./html.ts";
import { imageSrc, linkHref } from "./url-policy.ts";

export interface MarkdownOptions {
  /** A single line break becomes `<br>`: what people who type a description into a form expect. */
  breaks: boolean;
  /** Headings are pushed down by this many levels, so a description's `#` never competes with the page's h1. */
  headingOffset: number;
}

export interface MarkdownEnv {
  baseUrl: string;
  /** Rewrites a link before the URL policy sees it (the handbook turns `20-register.md` into its page). */
  rewriteLink?: (href: string) => string | undefined;
  /** Writes the site's own addresses as the page at hand links them (relatively). */
  local?: (url: string) => string;
  /**
   * What replaces a paragraph whose whole text this recognises (the handbook's event directives);
   * undefined leaves the paragraph as it is.
   */
  replaceParagraph?: (text: string) => Html | undefined;
}

/**
 * Renders untrusted Markdown to HTML. Raw HTML in the source is shown as text (markdown-it's
 * `html: false`); after parsing, every link and image passes the URL policy, and a link or image that
 * fails it keeps only its text. The result is the one place record text enters a page unescaped.
 */
export function markdownRenderer(options: MarkdownOptions): (source: string, env: MarkdownEnv) => Html {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: options.breaks, typographer: false });
  md.core.ruler.push("replace_paragraphs", replaceParagraphs);
  md.core.ruler.push("site_policy", (state) => {
    for (const block of state.tokens) {
      if (block.type === "heading_open" || block.type === "heading_close")
        block.tag = `h${Math.min(6, Number(block.tag.slice(1)) + options.headingOffset)}`;
      if (block.children) block.children = applyPolicy(block.children, state);
    }
  });
  // A code block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
  for (const rule of ["fence", "code_block"] as const) {
    const render = md.renderer.rules[rule]!;
    md.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
  }
  return (source, env) => raw(md.render(source, { ...env }));
}

/** A paragraph of one piece of text that `replaceParagraph` knows becomes the HTML it gives, as a block. */
function replaceParagraphs(state: StateCore): void {
  const replace = (state.env as unknown as MarkdownEnv).replaceParagraph;
  if (!replace) return;
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    const inline = tokens[i + 1]!;
    if (tokens[i]!.type !== "paragraph_open" || inline.children?.length !== 1) continue;
    const replacement = replace(inline.content);
    if (!replacement) continue;
    // html_block is written out as it is, whatever the `html` option: the replacement is already escaped.
    const block = new state.Token("html_block", "", 0);
    block.content = `${replacement.value}\n`;
    block.block = true;
    tokens.splice(i, 3, block);
  }
}

function applyPolicy(tokens: Token[], state: StateCore): Token[] {
  const env = state.env as unknown as MarkdownEnv;
  let dropping = false;
  return tokens.map((token) => {
    if (token.type === "link_open") {
      const original = String(token.attrGet("href") ?? "");
      const href = linkHref(env.rewriteLink?.(original) ?? original, env.baseUrl);
      dropping = !href;
      if (!href) return unlinked(token);
      token.attrSet("href", env.local?.(href) ?? href);
      if (!href.startsWith(env.baseUrl) && !href.startsWith("#"))
        token.attrSet("rel", "nofollow ugc noopener");
    } else if (token.type === "link_close" && dropping) {
      dropping = false;
      return unlinked(token);
    } else if (token.type === "image") {
      const src = imageSrc(String(token.attrGet("src") ?? ""), env.baseUrl);
      if (!src) {
        // The image goes; its alternative text stays, as text.
        const text = new state.Token("text", "", 0);
        text.content = token.content;
        return text;
      }
      token.attrSet("src", env.local?.(src) ?? src);
      token.attrSet("loading", "lazy");
    }
    return token;
  });
}

/** A refused link keeps its text; a span keeps the open and close tokens balanced. */
function unlinked(token: Token): Token {
  token.tag = "span";
  token.attrs = null;
  return token;
}
