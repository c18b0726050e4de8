import { describe, expect, it } from "vitest";
import { markdownRenderer } from "../../generator/render/shared/markdown.ts";

const base = "https://example.org/";
const description = markdownRenderer({ breaks: true, headingOffset: 2 });
const handbook = markdownRenderer({ breaks: false, headingOffset: 0 });
const render = (source: string) => description(source, { baseUrl: base }).value;

describe("Markdown from records", () => {
  it("keeps line breaks and renders emphasis and fenced code", () => {
    expect(render("one\ntwo *three* **four**\n\n```python\nprint('<b>')\n```")).toBe(
      "<p>one<br>\ntwo <em>three</em> <strong>four</strong></p>\n" +
        `<pre tabindex="0"><code class="language-python">print('&lt;b&gt;')\n</code></pre>\n`,
    );
  });

  it("shows raw HTML as text", () => {
    expect(render("<script>alert(1)</script> <img src=x onerror=alert(2)>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;</p>\n",
    );
  });

  it("keeps allowed links, marks outside ones as user content, and resolves site paths", () => {
    expect(render("[a](https://a.example/) [b](mailto:b@example.org) [c](/developers.html) [d](#x)")).toBe(
      '<p><a href="https://a.example/" rel="nofollow ugc noopener">a</a> ' +
        '<a href="mailto:b@example.org" rel="nofollow ugc noopener">b</a> ' +
        '<a href="https://example.org/developers.html">c</a> <a href="#x">d</a></p>\n',
    );
  });

  it("drops links the policy refuses and keeps their text", () => {
    expect(render("[x](javascript:alert(1)) [y](//evil.example/) [z](../up)")).toBe(
      "<p>[x](javascript:alert(1)) <span>y</span> <span>z</span></p>\n",
    );
    expect(render("[r][bad]\n\n[bad]: javascript:alert(1)")).toBe(
      "<p>[r][bad]</p>\n<p>[bad]: javascript:alert(1)</p>\n",
    );
  });

  it("allows images from https and the site only; a refused image leaves its alternative text", () => {
    expect(render("![a](https://cdn.example/a.png) ![b](images/b.svg) ![c](http://cdn.example/c.png)")).toBe(
      '<p><img src="https://cdn.example/a.png" alt="a" loading="lazy"> ' +
        '<img src="https://example.org/images/b.svg" alt="b" loading="lazy"> c</p>\n',
    );
  });

  it("pushes a description's headings below the page's own", () => {
    expect(render("# Big\n###### Small")).toBe("<h3>Big</h3>\n<h6>Small</h6>\n");
  });

  it("lets the handbook rewrite links between its chapters before the policy", () => {
    const rewriteLink = (href: string) => (href === "20-faq.md" ? "/handbook/faq.html" : undefined);
    expect(handbook("[FAQ](20-faq.md) [x](30-missing.md)\nnext", { baseUrl: base, rewriteLink }).value).toBe(
      '<p><a href="https://example.org/handbook/faq.html">FAQ</a> <a href="https://example.org/30-missing.md">x</a>\nnext</p>\n',
    );
  });
});
