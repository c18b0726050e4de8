import { siteUrl } from "../../derive/base-url.ts";
import { TEXT_TYPE, type DocumentKind } from "../shared/document.ts";

/** Everything may be crawled; the sitemap says what there is. Crawlers read it only at an origin's root. */
export const robotsTxt: DocumentKind = {
  name: "robots",
  path: "robots.txt",
  mediaType: TEXT_TYPE,
  description: "Crawler rules and the sitemap's address.",
  render: (model) => [
    {
      path: "robots.txt",
      body: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(model.baseUrl, "sitemap.xml")}\n`,
    },
  ],
};
