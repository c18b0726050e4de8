import { siteUrl } from "../../derive/base-url.ts";
import type { DocumentKind } from "../document.ts";

/** Everything may be crawled; the sitemap says what there is. Crawlers read it only at an origin's root. */
export const robotsTxt: DocumentKind = {
  name: "robots",
  path: "robots.txt",
  mediaType: "text/plain; charset=utf-8",
  description: "Crawler rules and the sitemap's address.",
  render: (model) => [
    {
      path: "robots.txt",
      body: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(model.baseUrl, "sitemap.xml")}\n`,
    },
  ],
};
