import type { KeptParts } from "../../cache/rendered-parts.ts";
import type { Model } from "../../derive/model.ts";
import type { Html } from "./html.ts";

/** A document's text; one that grows with the event comes in parts (see Rendered). */
export type Body = string | Iterable<string>;

/** One file of the site, rendered in memory. `path` is site-relative: `api/projects.json`. */
export interface Rendered {
  path: string;
  /**
   * The document's text; one that grows with the event (the API's lists, 21 MB at 10,000 projects,
   * and the search indexes) comes in parts that are written as they come, so it is never one string.
   */
  body: Body;
}

/**
 * A document made by `render` from `view` alone: plain data (what it shows, and the site frame it
 * sits in). The writer renders it only when no earlier build wrote the file from an equal view
 * (page-manifest.ts); `render` must read nothing but its view, or an edit could be missed.
 */
export interface FromView<V extends object = object> {
  path: string;
  view: V;
  render(view: V): Body;
}

export type Output = Rendered | FromView;

/** An output's text, rendered from its view if it has one. */
export const bodyOf = (output: Output): Body => ("view" in output ? output.render(output.view) : output.body);

/** A document rendered from its view by `render`, typed so the two agree. */
export const fromView = <V extends object>(path: string, view: V, render: (view: V) => Body): Output =>
  ({ path, view, render }) as FromView as Output;

/** An output's whole text, for tests and small sites. */
export const bodyText = (output: Output): string => {
  const body = bodyOf(output);
  return typeof body === "string" ? body : [...body].join("");
};

/** A body in parts, made anew each time it is read: `head`, what `middle` makes, `tail`. */
export const parts = (head: string, middle: () => Iterable<string>, tail: string): Iterable<string> => ({
  *[Symbol.iterator]() {
    yield head;
    yield* middle();
    yield tail;
  },
});

/** A page as an output. */
export function htmlOutput(path: string, page: Html): Output {
  return { path, body: page.value };
}

/** Whether a kind writes one document per record (its path holds `<slug>`), named by a template. */
export const perRecord = (kind: { path: string }): boolean => kind.path.includes("<slug>");

/** A path with `<slug>` as written in the registry, as a URI template (RFC 6570): `{slug}`. */
export const pathTemplate = (path: string): string => path.replace("<slug>", "{slug}");

/**
 * One kind of published document, listed once in the registry. Everything that describes the site
 * (api/index.json's endpoints, and later openapi.json, llms.txt, the sitemap) is derived from the list.
 */
export interface DocumentKind {
  name: string;
  /** The path, or its shape for per-record pages: `projects/<slug>.html`. */
  path: string;
  /** Further paths it writes beside `path` (a list's `projects/page/<n>.html`): no slug may take them. */
  alsoWrites?: readonly string[];
  mediaType: string;
  description: string;
  /** Set for the JSON API's endpoints. */
  endpoint?: { operationId: string; schema: string };
  /** A page for people that search engines should list (sitemap.xml). */
  sitemap?: boolean;
  /** A document for programs and agents that describes the API; the developer page links it. */
  discovery?: boolean;
  /** The `rel` every page's head links it with (RFC 9727's `api-catalog`), by its absolute URL. */
  headLink?: string;
  /** A feed to subscribe to: every page's head, the API index, llms.txt and the developer page link it. */
  feed?: { title: string };
  /** Published at the site's root alone, not again under each archived edition's `/<id>/` (series.ts). */
  rootOnly?: boolean;
  render(model: Model, site: SiteContext): Iterable<Output>;
}

export interface SiteContext {
  /** Every registered document kind, for documents that describe the site itself. */
  documents: readonly DocumentKind[];
  /** Every file rendered by the kinds listed before this one (the sitemap is listed last). */
  rendered: ReadonlyArray<{ kind: DocumentKind; path: string }>;
  /** Parts an earlier build made from the same inputs (rendered-parts.ts): none without a cache. */
  parts?: KeptParts;
}

export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";
export const TEXT_TYPE = "text/plain; charset=utf-8";
export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";

/** Pretty, stable JSON with a final newline: the same model always gives the same bytes. */
export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
