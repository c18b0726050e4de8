import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/**
 * Files under site/public/ are published as they are, on the site's own address. A page, a script,
 * or an SVG that scripts (opened by its address rather than as an `<img>`, it runs with no
 * Content-Security-Policy) could read and rewrite what the site keeps in the browser, such as a
 * judge's scores. GitHub shows an SVG in a pull request as a picture, so a reviewer would not see it.
 * GitHub Pages serves .xsd and .rng as application/xml (mime-db): documents whose XHTML scripts run.
 */
const ACTIVE_TYPES = /\.(html?|xht(ml)?|shtml|m?js|xml|xslt?|xsd|rng|svgz)$/i;

/** What lets an SVG run or load code: scripts, handlers, script links, embedded documents, a
 * stylesheet to transform it (XSLT, from a data: address or any file of the site, whose result's
 * scripts run), and the entities that could spell any of them in disguise. */
const ACTIVE_SVG =
  /<\?\s*xml-stylesheet|<\s*([\w.-]+:)?(script|foreignObject|iframe|embed|object|handler|listener)\b|\son[a-z]+\s*=|j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:|<!ENTITY/i;

/** The text as the XML parser reads its character references (`&#106;`), which editors write for a
 * line break in an attribute (Inkscape's `&#10;`), a hyphen (Graphviz's `&#45;`) or an accent. */
function referenced(svg: string): string {
  return svg.replace(/&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));/gi, (ref, hex?: string, decimal?: string) => {
    const code = hex ? parseInt(hex, 16) : Number(decimal);
    return code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });
}

/** Text the check cannot read as the browser would: UTF-16 (NUL bytes) or a declared encoding other than UTF-8. */
const OTHER_ENCODING = /\0|^\uFEFF?<\?xml[^>]*encoding\s*=\s*["'](?!utf-?8["']|us-ascii["'])/i;

/** Why a public file may not be published, as a diagnostic at its first active part; none if it may. */
export function activeContent(path: string, text: () => string): Diagnostic | undefined {
  const file = `site/public/${path}`;
  if (ACTIVE_TYPES.test(path))
    return {
      file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "public-active-content",
      message: `site/public/ holds images and files to download, not pages or scripts (found ${path.slice(path.lastIndexOf("."))})`,
      expected: "an image or a file to download",
      found: `a ${path.slice(path.lastIndexOf(".") + 1)} file`,
      fix: "Remove the file; a page of the site belongs in site/handbook/ as Markdown.",
    };
  if (!/\.svg$/i.test(path)) return undefined;
  const svg = text();
  const plain =
    "Export the image again as plain SVG (most editors have an option for it, such as Inkscape's Plain SVG), or as PNG.";
  const rule = { file, severity: "error", rule: "public-active-content" } as const;
  // A reference that spells an active part is shown where the first reference is.
  const match = ACTIVE_SVG.exec(svg) ?? (ACTIVE_SVG.test(referenced(svg)) ? /&#/.exec(svg) : null);
  if (!match)
    return OTHER_ENCODING.test(svg)
      ? {
          ...rule,
          line: 1,
          column: 1,
          message:
            "an SVG under site/public/ must be UTF-8 text, which is what it is checked as (found another encoding)",
          expected: "UTF-8",
          found: "UTF-16 or a declared encoding other than UTF-8",
          fix: `Save it as UTF-8. ${plain}`,
        }
      : undefined;
  // At the part itself, not the space before a handler's name.
  const before = svg.slice(0, match.index + match[0].length - match[0].trimStart().length).split("\n");
  return {
    ...rule,
    line: before.length,
    column: before.at(-1)!.length + 1,
    message: `an SVG under site/public/ must be a plain picture (found ${JSON.stringify(match[0].trim())})`,
    expected: "an SVG with no script, event handler, javascript: link, embedded document or entity",
    found: JSON.stringify(match[0].trim()),
    fix: plain,
  };
}
