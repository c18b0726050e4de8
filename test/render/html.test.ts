import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlOutput } from "../../generator/render/document.ts";
import { flat, html, raw } from "../../generator/render/html.ts";

const rows = (n: number) => Array.from({ length: n }, (_, i) => html`<li>${`item ${i} <b>`}</li>`);

describe("html", () => {
  it("escapes interpolated text and keeps fragments and raw HTML as they are", () => {
    const value = html`<p title="${`"quoted" & 'single'`}">${"<script>"}${html`<em>${"a<b"}</em>`}${raw("<hr>")}</p>`;
    expect(value.value).toBe(
      '<p title="&quot;quoted&quot; &amp; &#39;single&#39;">&lt;script&gt;<em>a&lt;b</em><hr></p>',
    );
    expect(value.pieces).toBeUndefined();
  });

  it("joins a short list into one string", () => {
    const value = html`<ul>${rows(3)}</ul>`;
    expect(value.pieces).toBeUndefined();
    expect(value.value).toBe(
      "<ul><li>item 0 &lt;b&gt;</li><li>item 1 &lt;b&gt;</li><li>item 2 &lt;b&gt;</li></ul>",
    );
  });

  it("keeps a long list as pieces, one per row, through the fragments that hold it", () => {
    const list = rows(100);
    const inner = html`<ul>${list}</ul>`;
    const page = html`<main>${inner}</main><p>${"&"}</p>`;
    // The text before the list, each row, then the text after it, whatever the nesting.
    expect(page.pieces).toHaveLength(1 + 100 + 1);
    expect(page.pieces![0]).toBe("<main><ul>");
    expect(page.pieces![1]).toBe(list[0]!.value);
    expect(page.pieces!.at(-1)).toBe("</ul></main><p>&amp;</p>");
    expect(page.value).toBe(`<main><ul>${list.map((r) => r.value).join("")}</ul></main><p>&amp;</p>`);
  });

  it("gives the same text in pieces as joined, for any list and any text", () => {
    const item = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string().map((s) => html`<i>${s}</i>`),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 150 }), fc.string(), (items, text) => {
        const pieced = html`<ul>${items}</ul>${text}`;
        const joined = html`<ul>${html`${items.slice(0, 1)}`}${items.slice(1).map((i) => html`${[i]}`)}</ul>${text}`;
        expect(pieced.value).toBe(joined.value);
        expect(pieced.pieces?.join("") ?? pieced.value).toBe(joined.value);
      }),
      { numRuns: 200 },
    );
  });

  it("flat() gives back the very fragment, its text unchanged", () => {
    const row = html`<tr><td>${"a & b"}</td><td>${"c"}</td></tr>`;
    expect(flat(row)).toBe(row);
    expect(row.value).toBe("<tr><td>a &amp; b</td><td>c</td></tr>");
  });
});

describe("htmlOutput", () => {
  it("writes a page kept in pieces part by part, and a plain page as its text", () => {
    const long = htmlOutput("projects/index.html", html`<table>${rows(70)}</table>`);
    expect([...long.parts!()]).toHaveLength(72);
    expect(long.body).toBe(`<table>${rows(70).join("")}</table>`);
    const short = htmlOutput("projects/a.html", html`<p>${"x"}</p>`);
    expect(short.parts).toBeUndefined();
    expect(short.body).toBe("<p>x</p>");
  });
});
