import { parse } from "parse5";

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
  value?: string;
}

/** Attributes whose value a browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
]);
/** Elements that run, embed or redirect, none of which the templates make. */
const FORBIDDEN = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"]);
const SCRIPT_URL = /^\s*(javascript|vbscript|data):/i;

/**
 * Everything in a page, as an HTML5 parser (parse5, the algorithm browsers follow) reads it, that
 * could run code or take the reader elsewhere: script elements other than the site's own
 * (`<script src="assets/site.js?v=…" defer>` with no body), event-handler attributes, script and
 * data URLs, embedding elements, `srcdoc`, and meta refreshes. Empty for a safe page.
 */
export function executableParts(page: string, siteScript: RegExp): string[] {
  const found: string[] = [];
  for (const node of elementsOf(page)) {
    const tag = node.tagName!.toLowerCase();
    const attrs = node.attrs ?? [];
    const attr = (name: string) => attrs.find((a) => a.name === name)?.value;
    if (tag === "script") {
      const own = siteScript.test(attr("src") ?? "") && (node.childNodes ?? []).length === 0;
      if (!own)
        found.push(
          `<script src=${JSON.stringify(attr("src"))}> with ${node.childNodes?.length ?? 0} children`,
        );
    }
    if (FORBIDDEN.has(tag)) found.push(`<${tag}>`);
    if (tag === "meta" && /refresh/i.test(attr("http-equiv") ?? "")) found.push("<meta http-equiv=refresh>");
    for (const { name, value } of attrs) {
      if (/^on/i.test(name)) found.push(`${name} on <${tag}>`);
      if (name === "srcdoc") found.push(`srcdoc on <${tag}>`);
      if (
        URL_ATTRIBUTES.has(name) &&
        SCRIPT_URL.test(value) &&
        !/^\s*data:image\/(png|gif|jpeg|webp);/i.test(value)
      )
        found.push(`${name}=${JSON.stringify(value.slice(0, 40))} on <${tag}>`);
    }
  }
  return found;
}

/** Every element and element-attribute pair in a page (`a`, `a@href`), as an HTML5 parser reads it. */
export function markupOf(page: string): Set<string> {
  const found = new Set<string>();
  for (const node of elementsOf(page)) {
    found.add(node.tagName!);
    for (const { name } of node.attrs ?? []) found.add(`${node.tagName}@${name}`);
  }
  return found;
}

/** Every element of a page as parse5 builds the tree, template contents included. */
function* elementsOf(page: string): Generator<Node> {
  const stack: Node[] = [parse(page) as unknown as Node];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.content) stack.push(node.content);
    for (const child of node.childNodes ?? []) stack.push(child);
    if (node.tagName) yield node;
  }
}
