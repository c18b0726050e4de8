import { siteUrl } from "../../derive/base-url.ts";
import type { DocumentKind } from "../shared/document.ts";
import { escapeHtml } from "../shared/html.ts";

/**
 * Every page a search engine should list, taken from what the registry's page kinds rendered
 * (so it is listed after them). A folder's index page is listed by its folder URL.
 */
export const sitemapXml: DocumentKind = {
  name: "sitemap",
  path: "sitemap.xml",
  mediaType: "application/xml; charset=utf-8",
  description: "Every page of the site (sitemaps.org protocol).",
  render(model, site) {
    let lines = "";
    for (const { kind, path } of site.rendered) {
      if (!kind.sitemap) continue;
      const page = path.endsWith("index.html") ? path.replace(/(^|\/)index\.html$/, "$1") : path;
      lines += `<url><loc>${escapeHtml(siteUrl(model.baseUrl, page))}</loc></url>\n`;
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines}</urlset>
`;
    return [{ path: "sitemap.xml", body }];
  },
};
