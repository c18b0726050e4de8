import type { Model } from "../derive/model.ts";
import { html, type Html } from "./html.ts";

/** The frame of every HTML page; `path` is the page's own site path, for its canonical URL. */
export function layout(
  model: Model,
  page: { path: string; title: string; description: string; body: Html },
): string {
  const canonical = model.baseUrl + page.path;
  const home = model.baseUrl;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title} · ${model.event.name}</title>
        <meta name="description" content="${page.description}" />
        <link rel="canonical" href="${canonical}" />
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            max-width: 48rem;
            margin: 0 auto;
            padding: 1rem;
            overflow-wrap: anywhere;
          }
          pre {
            overflow: auto;
            background: #f4f4f4;
            padding: 0.5rem;
          }
          code {
            font-size: 0.9em;
          }
        </style>
      </head>
      <body>
        <header>
          <a href="${home}">${model.event.name}</a> · <a href="${home}developers.html">Developers</a> ·
          <a href="${home}api/index.json">API</a>
        </header>
        <main>${page.body}</main>
      </body>
    </html> `.value;
}
