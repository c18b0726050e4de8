import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { FIXTURES } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/**
 * Valid records full of hostile text (test/fixtures/hostile-pages): script tags, event handlers,
 * attribute breakouts, javascript: and data: links, `</script>` in text, huge words, right-to-left
 * and emoji names. Every page must carry them as text. The browser test runs the same pages.
 */
const BASE = "https://example.org/";
let pages: Map<string, string>;

beforeAll(async () => {
  const out = await buildSite(join(FIXTURES, "hostile-pages"), BASE);
  pages = new Map(
    [...(await readTree(out))].filter(([p]) => p.endsWith(".html")).map(([p, b]) => [p, b.toString("utf8")]),
  );
});

// Every element and attribute the templates and the Markdown renderer emit; anything else came from a record.
const TAGS = new Set(
  "html head meta title link script body a header div nav ul ol li main footer p h1 h2 h3 h4 h5 h6 dl dt dd section span strong em code pre table caption thead tbody tr th td time bdi img form label select option input button br article template fieldset legend textarea details summary svg rect path".split(
    " ",
  ),
);
const ATTRIBUTES = new Set(
  "lang charset name content http-equiv property rel href type src defer class id aria-label aria-labelledby aria-current tabindex title dir data-slug data-source data-list data-start data-end action method for placeholder autocomplete hidden role value alt loading width height datetime scope aria-hidden data-initials data-embed data-title data-label data-needs-script data-way-in data-until data-open-until data-then data-last-judge data-judge data-judging data-event data-scale data-without-script data-progress data-overview data-project data-criterion data-note rows maxlength data-previous data-next data-download data-copy data-copied readonly aria-live data-open-file accept data-open-pasted data-pasted data-file-status data-open-status data-format data-note-max data-file-max data-slug data-total data-offset data-file data-before data-after start data-live data-live-board data-live-what data-live-in data-live-now data-live-next data-live-more data-live-shown data-awarded data-expo-find data-expo-area data-expo-count data-expo-all data-table data-track data-prize viewBox xmlns shape-rendering fill stroke stroke-width d".split(
    " ",
  ),
);

function tags(html: string): Array<{ tag: string; attributes: Map<string, string> }> {
  // Record text is escaped, so a raw `>` never occurs inside an attribute value: this split is exact.
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)].map((m) => ({
    tag: m[1]!.toLowerCase(),
    // 404.html's page lives inside a JSON string, so it quotes its attributes with single quotes.
    attributes: new Map(
      [...m[2]!.matchAll(/\s([^\s=]+)(?:="([^"]*)"|='([^']*)')?/g)].map((a) => [a[1]!, a[2] ?? a[3] ?? ""]),
    ),
  }));
}

describe("pages built from hostile records", () => {
  it("contain only the elements and attributes the templates make", () => {
    // Nine pages of records and the handbook, the judging page with one page per judge, live/, expo/, expo/cards/ and editions/.
    expect(pages.size).toBe(19);
    for (const [path, html] of pages) {
      if (path === "404.html") continue; // JSON; its page is checked by the other tests and in the browser
      for (const { tag, attributes } of tags(html)) {
        expect(TAGS.has(tag), `${path}: <${tag}>`).toBe(true);
        for (const name of attributes.keys())
          expect(ATTRIBUTES.has(name), `${path}: <${tag} ${name}>`).toBe(true);
      }
    }
  });

  it("load one script, the site's own, on every page, and the judging pages the judging script beside it", () => {
    for (const [path, html] of pages) {
      if (path === "404.html") continue; // a page inside JSON, with no frame
      const scripts = tags(html).filter((t) => t.tag === "script");
      expect(
        scripts.map((s) => new URL(s.attributes.get("src")!, BASE + path).href.replace(/\?v=.*/, "")),
        path,
      ).toEqual([
        `${BASE}assets/site.js`,
        ...(path.startsWith("judging/") ? [`${BASE}assets/judging.js`] : []),
      ]);
    }
  });

  it("link and load only http(s), mailto or same-page addresses, and images only over https or from the site", () => {
    // The site's own addresses are relative: judge each as the browser resolves it from the page.
    const resolved = (url: string, path: string) =>
      url.startsWith("#") ? url : new URL(url, BASE + path).href;
    for (const [path, html] of pages) {
      for (const { tag, attributes } of tags(html)) {
        const href = attributes.get("href");
        if (href !== undefined)
          expect(resolved(href, path), `${path}: <${tag} href>`).toMatch(/^(https?:\/\/|mailto:|#)/);
        const src = attributes.get("src");
        if (src !== undefined) expect(resolved(src, path), `${path}: <${tag} src>`).toMatch(/^https:\/\//);
      }
    }
  });

  it("show the hostile text itself, escaped", () => {
    const project = pages.get("projects/xss-project.html")!;
    expect(project).toContain(`<h1 dir="auto">&lt;img src=x onerror=alert(&#39;title&#39;)&gt;</h1>`);
    expect(project).toContain(`&lt;script&gt;alert('description')&lt;/script&gt;`);
    expect(project).toContain(`[js](javascript:alert('link'))`);
    expect(project).toContain(`&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert('fence')&lt;/script&gt;`);
    expect(project).toContain(`<img src="../a.png?x=%22onerror=%22alert(%27image%27)"`);
    expect(pages.get("index.html")).toContain(
      `<title>&lt;script&gt;alert(&#39;event-name&#39;)&lt;/script&gt; Sprint</title>`,
    );
    expect(pages.get("teams/rtl-team.html")).toContain(`<h1 dir="auto">فريق الروبوتات 🤖 maet</h1>`);
    expect(project).toContain(
      `<ul class="tags" aria-label="Built with"><li><bdi>&lt;script&gt;alert(&#39;tool&#39;)&lt;/script&gt;</bdi></li><li><bdi>&quot; onclick=&quot;alert(&#39;tag&#39;)</bdi></li></ul>`,
    );
    expect(project).toContain(`<dt>Demo</dt><dd><a href="https://example.org/d?a=%27onfocus=%27alert(4)">`);
    expect(pages.get("projects/rtl-project.html")).toContain(
      `<a class="video-poster" href="https://youtu.be/aqz-KE-bpKQ?x=%27onfocus=%27alert(3)" data-embed="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1" data-title="Video: עברית reversed project 🚀🤖">`,
    );
    expect(pages.get("projects/index.html")).toContain(
      `<div class="thumb cover tone-2" data-initials="IS" aria-hidden="true">`,
    );
    expect(pages.get("handbook/rules.html")).toContain(
      `Raw &lt;b onmouseover=&quot;alert('handbook')&quot;&gt;HTML&lt;/b&gt; and [a link](javascript:alert('handbook-link')).`,
    );
  });
});
