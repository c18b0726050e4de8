import type { Model } from "../derive/model.ts";
import type { Html } from "./html.ts";

/** One file of the site, rendered in memory. `path` is site-relative: `api/projects.json`. */
export interface Output {
  path: string;
  readonly body: string;
  /**
   * A large document's text in parts, in order, made as they are written: the writer never holds
   * the whole 20 MB list, only the part at hand. `body` is then their join, made only when read.
   */
  parts?(): Iterable<string>;
}

/** An output written part by part (see `Output.parts`). */
export function partsOutput(path: string, parts: () => Iterable<string>): Output {
  let body: string | undefined;
  return {
    path,
    parts,
    get body() {
      return (body ??= [...parts()].join(""));
    },
  };
}

/** A page as an output: in parts when it was kept in pieces (a list page), else its text. */
export function htmlOutput(path: string, page: Html): Output {
  const { pieces } = page;
  return pieces ? partsOutput(path, () => pieces) : { path, body: page.value };
}

/**
 * One kind of published document, listed once in the registry. Everything that describes the site
 * (api/index.json's endpoints, and later openapi.json, llms.txt, the sitemap) is derived from the list.
 */
export interface DocumentKind {
  name: string;
  /** The path, or its shape for per-record pages: `projects/<slug>.html`. */
  path: string;
  mediaType: string;
  description: string;
  /** Set for the JSON API's endpoints. */
  endpoint?: { operationId: string; schema: string };
  /** A page for people that search engines should list (sitemap.xml). */
  sitemap?: boolean;
  /** A document for programs and agents that describes the API; the developer page links it. */
  discovery?: boolean;
  render(model: Model, site: SiteContext): Iterable<Output>;
  /**
   * Set for one page per record. The build can then split pages across threads and `npm run dev`
   * can re-render only the records a change touches; `render` yields every page.
   */
  pages?(model: Model, ahead?: AheadLookup): RecordPages;
  /**
   * Set for a per-record kind whose pages each render one text of their record on its own (a
   * project's Markdown description, most of its page's cost). While the main thread renders the
   * documents listed before, a worker runs `render` on `texts` and `pages` looks the results up;
   * a page whose text is not back yet renders its own, to the same bytes.
   */
  ahead?: {
    texts(model: Model): string[];
    render(texts: readonly string[], baseUrl: string): string[];
  };
}

/** HTML another thread rendered ahead, by the text it was rendered from. */
export interface AheadLookup {
  get(text: string): string | undefined;
}

/** The pages of one per-record kind for one model; lookups are built once, pages on demand. */
export interface RecordPages {
  slugs: readonly string[];
  path(slug: string): string;
  page(slug: string): Output;
}

/** A per-record document kind: `render` is every page of `pages`, in slug order. */
export function recordPagesKind(
  kind: Omit<DocumentKind, "render"> & Required<Pick<DocumentKind, "pages">>,
): DocumentKind {
  return {
    ...kind,
    *render(model) {
      const pages = kind.pages(model);
      for (const slug of pages.slugs) yield pages.page(slug);
    },
  };
}

export interface SiteContext {
  /** Every registered document kind, for documents that describe the site itself. */
  documents: readonly DocumentKind[];
  /** Every file rendered by the kinds listed before this one (the sitemap is listed last). */
  rendered: ReadonlyArray<{ kind: DocumentKind; path: string }>;
}

export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";
export const TEXT_TYPE = "text/plain; charset=utf-8";
export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";

/** Pretty, stable JSON with a final newline: the same model always gives the same bytes. */
export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
