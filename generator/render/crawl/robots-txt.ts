import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { TEXT_TYPE, type DocumentKind } from "../shared/document.ts";

/**
 * Everything may be crawled; the sitemaps say what there is: the site's, and each archived
 * edition's under its `/<id>/` (issue 57). Crawlers read it only at an origin's root.
 */
export const robotsTxt: DocumentKind = {
  name: "robots",
  path: "robots.txt",
  mediaType: TEXT_TYPE,
  description: "Crawler rules and the sitemap's address.",
  render: (model) => [
    {
      path: "robots.txt",
      body: `User-agent: *\nAllow: /\n\n${[model.baseUrl, ...archivedUrls(model)].map((url) => `Sitemap: ${siteUrl(url, "sitemap.xml")}\n`).join("")}`,
    },
  ],
};

/** Each archived edition's address, when the model is the current edition's. */
const archivedUrls = (model: Model): string[] =>
  model.series?.id === null ? model.series.editions.filter((e) => !e.current).map((e) => e.url) : [];
