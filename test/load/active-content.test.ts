import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { EXAMPLE, exampleRoot } from "../helpers/fixture-root.ts";

/** The sample event with these files added under site/public/; its problems as `file line:column rule found`. */
async function problems(files: Record<string, string | Buffer>): Promise<string[]> {
  const root = await exampleRoot();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, "site/public", path, ".."), { recursive: true });
    await writeFile(join(root, "site/public", path), text);
  }
  const result = await check({ root });
  return result.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${d.file} ${d.line}:${d.column} ${d.rule} ${d.found}`);
}

/** An XSLT stylesheet whose output is a script element: no `<script`, handler or reference in its text. */
const XSLT =
  '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/">' +
  '<xsl:element name="script" namespace="http://www.w3.org/1999/xhtml">alert(localStorage.length)</xsl:element>' +
  "</xsl:template></xsl:stylesheet>";
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<rect width="10" height="10" fill="#0b5cad"/>\n</svg>\n`;

describe("site/public/: nothing that runs on the site's address", () => {
  it("publishes a plain SVG, and every SVG the sample event has", async () => {
    expect(await problems({ "images/plain.svg": PICTURE })).toEqual([]);
    // The sample's own pictures went through the same check above.
    const svgs = (await readdir(join(EXAMPLE, "site/public/images"))).filter((f) => f.endsWith(".svg"));
    expect(svgs.length).toBeGreaterThan(5);
  });

  it("refuses an SVG that scripts, at its first active part, in every disguise", async () => {
    const scripted = (part: string) => PICTURE.replace("<rect", `${part}\n<rect`);
    expect(
      await problems({
        "images/script.svg": scripted("<script>alert(1)</script>"),
        "images/handler.svg": PICTURE.replace('fill="#0b5cad"', 'fill="red" onload="alert(1)"'),
        "images/link.svg": scripted('<a href="javascript:alert(1)"><text>x</text></a>'),
        "images/animate.svg": scripted('<a><animate attributeName="href" to="JavaScript :alert(1)"/></a>'),
        "images/foreign.svg": scripted("<foreignObject><iframe/></foreignObject>"),
        "images/entity.svg": `<!DOCTYPE svg [<!ENTITY x "y">]>\n${PICTURE}`,
        "images/reference.svg": scripted('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
        "images/prefixed.svg": scripted(
          '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
        ),
        "images/split.svg": scripted('<a href="java\nscript:alert(1)"><text>x</text></a>'),
        "images/utf16.svg": Buffer.from(`\ufeff${scripted("<script>alert(1)</script>")}`, "utf16le"),
        "images/declared.svg": `<?xml version="1.0" encoding="ISO-2022-JP"?>\n${PICTURE}`,
      }),
    ).toEqual([
      'site/public/images/animate.svg 2:38 public-active-content "JavaScript :"',
      "site/public/images/declared.svg 1:1 public-active-content UTF-16 or a declared encoding other than UTF-8",
      'site/public/images/entity.svg 1:16 public-active-content "<!ENTITY"',
      'site/public/images/foreign.svg 2:1 public-active-content "<foreignObject"',
      'site/public/images/handler.svg 2:41 public-active-content "onload="',
      'site/public/images/link.svg 2:10 public-active-content "javascript:"',
      'site/public/images/prefixed.svg 2:1 public-active-content "<svg:script"',
      'site/public/images/reference.svg 2:10 public-active-content "&#"',
      'site/public/images/script.svg 2:1 public-active-content "<script"',
      'site/public/images/split.svg 2:10 public-active-content "java\\nscript:"',
      "site/public/images/utf16.svg 1:1 public-active-content UTF-16 or a declared encoding other than UTF-8",
    ]);
  });

  it("refuses a page or a script, which would run as the site", async () => {
    expect(await problems({ "pages/steal.html": "<script>alert(1)</script>", "app.js": "alert(1)" })).toEqual(
      [
        "site/public/app.js 1:1 public-active-content a js file",
        "site/public/pages/steal.html 1:1 public-active-content a html file",
      ],
    );
  });

  // Chromium applies an XSLT stylesheet named by an SVG it opens, from a data: address or any file
  // of the site (a .png as well), and runs the scripts of the result as the site.
  it("refuses an SVG that names a stylesheet to transform it", async () => {
    expect(
      await problems({
        "images/data.svg": `<?xml-stylesheet type="text/xsl" href="data:text/xml,${encodeURIComponent(XSLT)}"?>\n${PICTURE}`,
        "images/other.svg": `<?xml-stylesheet type="text/xsl" href="style.png"?>\n${PICTURE}`,
        "images/style.png": XSLT,
      }),
    ).toEqual([
      'site/public/images/data.svg 1:1 public-active-content "<?xml-stylesheet"',
      'site/public/images/other.svg 1:1 public-active-content "<?xml-stylesheet"',
    ]);
  });

  // Editors write character references for ordinary text: Graphviz a hyphen in every edge's title,
  // Inkscape a line break in an attribute, Illustrator an accent.
  it("publishes an SVG whose character references spell nothing active, and refuses one that does", async () => {
    const text = (part: string) => PICTURE.replace("<rect", `${part}\n<rect`);
    expect(
      await problems({
        "images/graph.svg": text("<g><title>a&#45;&gt;b</title></g>"),
        "images/inkscape.svg": text(
          '<g inkscape:label="two&#10;lines" xmlns:inkscape="x"/><text>Caf&#xE9;</text>',
        ),
        "images/spelled.svg": text('<a href="&#x6A;ava&#115;cript:alert(1)"><text>x</text></a>'),
      }),
    ).toEqual(['site/public/images/spelled.svg 2:10 public-active-content "&#"']);
  });

  // GitHub Pages serves .xsd and .rng as application/xml (mime-db), which Chromium opens as a
  // document whose XHTML script elements run.
  it("refuses the other extensions served as XML documents", async () => {
    const page = '<x xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></x>';
    expect(await problems({ "schema.xsd": page, "grammar.RNG": page })).toEqual([
      "site/public/grammar.RNG 1:1 public-active-content a RNG file",
      "site/public/schema.xsd 1:1 public-active-content a xsd file",
    ]);
  });
});
