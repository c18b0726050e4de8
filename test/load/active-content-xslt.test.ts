import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

/** The sample event with these files added under site/public/; its problems as `file rule found`. */
async function problems(files: Record<string, string>): Promise<string[]> {
  const root = await exampleRoot();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, "site/public", path, ".."), { recursive: true });
    await writeFile(join(root, "site/public", path), text);
  }
  const result = await check({ root });
  return result.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${d.file} ${d.rule} ${d.found}`);
}

/** An XSLT stylesheet whose output is a script element: no `<script`, handler or reference in its text. */
const XSLT =
  '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/">' +
  '<xsl:element name="script" namespace="http://www.w3.org/1999/xhtml">alert(localStorage.length)</xsl:element>' +
  "</xsl:template></xsl:stylesheet>";
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';

describe("site/public/: what Chromium runs as a document on the site's address", () => {
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
      'site/public/images/data.svg public-active-content "<?xml-stylesheet"',
      'site/public/images/other.svg public-active-content "<?xml-stylesheet"',
    ]);
  });

  // Editors write character references for ordinary text: Graphviz a hyphen in every edge's title,
  // Inkscape a line break in an attribute, Illustrator an accent.
  it("publishes an SVG whose character references spell nothing active, and refuses one that does", async () => {
    const text = (part: string) => PICTURE.replace("<rect", `${part}<rect`);
    expect(
      await problems({
        "images/graph.svg": text("<g><title>a&#45;&gt;b</title></g>"),
        "images/inkscape.svg": text(
          '<g inkscape:label="two&#10;lines" xmlns:inkscape="x"/><text>Caf&#xE9;</text>',
        ),
        "images/spelled.svg": text('<a href="&#x6A;ava&#115;cript:alert(1)"><text>x</text></a>'),
      }),
    ).toEqual(['site/public/images/spelled.svg public-active-content "&#"']);
  });

  // GitHub Pages serves .xsd and .rng as application/xml (mime-db), which Chromium opens as a
  // document whose XHTML script elements run.
  it("refuses the other extensions served as XML documents", async () => {
    const page = '<x xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></x>';
    expect(await problems({ "schema.xsd": page, "grammar.RNG": page })).toEqual([
      "site/public/grammar.RNG public-active-content a RNG file",
      "site/public/schema.xsd public-active-content a xsd file",
    ]);
  });
});
