import { describe, expect, it } from "vitest";
import { html, raw } from "../../generator/render/shared/html.ts";

const rows = (n: number) => Array.from({ length: n }, (_, i) => html`<li>${`item ${i} <b>`}</li>`);

describe("html", () => {
  it("escapes interpolated text and keeps fragments and raw HTML as they are", () => {
    const value = html`<p title="${`"quoted" & 'single'`}">${"<script>"}${html`<em>${"a<b"}</em>`}${raw("<hr>")}</p>`;
    expect(value.value).toBe(
      '<p title="&quot;quoted&quot; &amp; &#39;single&#39;">&lt;script&gt;<em>a&lt;b</em><hr></p>',
    );
  });

  it("joins a list of fragments and texts, escaping each text", () => {
    expect(html`<ul>${rows(3)}</ul>`.value).toBe(
      "<ul><li>item 0 &lt;b&gt;</li><li>item 1 &lt;b&gt;</li><li>item 2 &lt;b&gt;</li></ul>",
    );
    expect(html`${["<a>", html`<b>`, null, false, 0]}`.value).toBe("&lt;a&gt;<b>0");
  });
});
