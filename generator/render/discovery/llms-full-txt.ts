import type { Model } from "../../derive/model.ts";
import { findDirectives, isEventDirective } from "../../load/handbook-directives.ts";
import { handbookLinks } from "../shared/handbook-links.ts";
import { TEXT_TYPE, type DocumentKind } from "../shared/document.ts";
import { eventFactsMarkdown } from "../shared/event-facts.ts";

/**
 * The whole handbook as one Markdown document: each chapter under an H2 of its title (its own
 * headings pushed down one level), links made absolute so they work out of context, and each
 * event directive (`<!-- event: tracks -->`) replaced by the facts it stands for, as on the pages.
 */
export const llmsFullTxt: DocumentKind = {
  name: "llms-full-txt",
  path: "llms-full.txt",
  mediaType: TEXT_TYPE,
  description: "The whole handbook as one Markdown document.",
  discovery: true,
  render(model) {
    const parts = [
      `# ${model.event.name} handbook`,
      "",
      `> Event and handbook content: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).`,
      "",
    ];
    for (const h of model.handbook) {
      parts.push(
        `Source: ${h.url}`,
        "",
        demote(absoluteLinks(withEventFacts(h.markdown, model), model)).trim(),
        "",
      );
    }
    return [{ path: "llms-full.txt", body: parts.join("\n") }];
  },
};

/** Each directive line becomes the facts it stands for, indented as the line was (in a list, say). */
function withEventFacts(markdown: string, model: Model): string {
  const lines = markdown.split("\n");
  for (const use of findDirectives(markdown)) {
    if (!use.alone || !isEventDirective(use.name)) continue;
    const indent = /^\s*/.exec(lines[use.line - 1]!)![0];
    lines[use.line - 1] = eventFactsMarkdown(model, use.name)
      .split("\n")
      .map((line) => indent + line)
      .join("\n");
  }
  return lines.join("\n");
}

/** `#` → `##` and so on, outside fenced code. */
function demote(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}

/** Chapter links (`20-register-a-team.md`), the repository's (handbook-links.ts) and site paths (`/developers.html`) as absolute URLs. */
function absoluteLinks(markdown: string, model: Model): string {
  const rewrite = handbookLinks(model);
  return markdown.replace(/\]\((?:\.\/)?([^)\s#]*)(#[^)\s]*)?\)/g, (whole, target: string, fragment = "") => {
    const known = target ? rewrite(`${target}${fragment}`) : undefined;
    if (known) return `](${known})`;
    if (target.startsWith("/") && !target.startsWith("//"))
      return `](${model.baseUrl}${target.slice(1)}${fragment})`;
    if (target === "" && fragment) return whole;
    return whole;
  });
}
