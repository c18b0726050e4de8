import { handbookPath } from "../../derive/derive-model.ts";
import { directiveOf, isEventDirective } from "../../load/handbook-directives.ts";
import type { HandbookPage } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput } from "../shared/document.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { eventFactsHtml } from "../shared/event-facts.ts";
import { handbookLinks } from "../shared/handbook-links.ts";
import { html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { markdownRenderer } from "../shared/markdown.ts";
import { linksFrom } from "../shared/relative-url.ts";

const chapter = markdownRenderer({ breaks: false, headingOffset: 0 });
export const HANDBOOK_INDEX = "handbook/index.html";

/** The handbook: one page per Markdown chapter of `site/handbook/`, with a contents page and navigation between them. */
export const handbookPage: DocumentKind = {
  name: "handbook-page",
  path: "handbook/<slug>.html",
  mediaType: HTML_TYPE,
  description: "The handbook: event rules, registering a team, submitting a project, judging, FAQ.",
  sitemap: true,
  render(model, site) {
    const fromIndex = linksFrom(model.baseUrl, "handbook/");
    const contents = html`<h1>Handbook</h1>
<p>Everything about taking part in ${model.event.name}.</p>
${deadlineTimes(model, `${fromIndex("")}#winners`)}<ol>
${model.handbook.map((h) => html`<li><a href="${fromIndex(h.url)}">${h.title}</a></li>\n`)}</ol>`;
    const index = htmlOutput(
      HANDBOOK_INDEX,
      layout(frameView(model, site), {
        path: "handbook/",
        title: "Handbook",
        description: `How to take part in ${model.event.name}.`,
        body: contents,
        licence: "event",
      }),
    );
    const rewriteLink = handbookLinks(model);
    // `<!-- event: tracks -->` becomes the event's tracks; validation refused any other directive.
    const replaceParagraph = (text: string) => {
      const name = directiveOf(text);
      return name !== undefined && isEventDirective(name) ? eventFactsHtml(model, name) : undefined;
    };
    const pages = model.handbook.map((h, i) => {
      const previous = model.handbook[i - 1];
      const next = model.handbook[i + 1];
      const local = linksFrom(model.baseUrl, handbookPath(h.slug));
      // The deadlines sit under the chapter list, so every chapter on taking part states them.
      const body = html`<div class="with-aside">
<div class="side">
<nav aria-label="Handbook chapters">
<ol>
${model.handbook.map((other) => html`<li><a href="${local(other.url)}"${other === h ? html` aria-current="page"` : ""}>${other.title}</a></li>\n`)}</ol>
</nav>
${deadlineTimes(model, `${local("")}#winners`)}</div>
<article>
${chapter(h.markdown, { baseUrl: model.baseUrl, rewriteLink, local, replaceParagraph })}<nav class="chapters" aria-label="Previous and next chapter">
${previous ? html`<a href="${local(previous.url)}" rel="prev">← ${previous.title}</a>` : html`<a href="${local("handbook/")}">← Contents</a>`}
${next ? html`<a href="${local(next.url)}" rel="next">${next.title} →</a>` : ""}
</nav>
</article>
</div>`;
      return htmlOutput(
        handbookPath(h.slug),
        layout(frameView(model, site), {
          path: handbookPath(h.slug),
          title: h.title,
          description: summary(h),
          body,
          licence: "event",
        }),
      );
    });
    return [index, ...pages];
  },
};

/** The chapter's first paragraph, as plain text, for the page description. */
function summary(h: HandbookPage): string {
  const paragraph = h.markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !/^(#|```|[-*+] |\d+\. |>|\||<!--)/.test(block));
  const plain = (paragraph ?? h.title)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ");
  return plain.length > 200 ? `${plain.slice(0, 197)}…` : plain;
}
