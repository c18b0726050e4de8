import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import encodeQR from "qr";
import type { KeptParts } from "../../cache/rendered-parts.ts";
import { escapeHtml } from "../shared/html.ts";

/** The quiet zone the QR standard asks around a code, in modules. */
const QUIET = 4;

/** The most a code takes, at the longest project address (a test holds it): a page of cards counts on it. */
export const QR_MAX_BYTES = 5000;

/**
 * The installed `qr`'s version, part of a kept code's key: another version may pick another mask
 * for the same text (the record cache's salt names it too, through package-lock.json, but a
 * `node_modules` installed without the lock file would not).
 */
export const QR_LIBRARY = `qr@${
  (
    JSON.parse(
      readFileSync(join(dirname(createRequire(import.meta.url).resolve("qr")), "package.json"), "utf8"),
    ) as { version: string }
  ).version
}`;

/**
 * A QR code for `text` as a small SVG, made at build time so a printed card needs no script and no
 * request. Each run of dark modules in a row is one stroke of width 1, reached by a relative move
 * from the last (`M4 4.5h7m2 0h1`): about a fifth of the bytes of a square per module, which keeps a
 * page of cards within the list pages' bound. `qr` picks the mask by the standard's penalty rules
 * alone, so the same text always gives the same bytes. With `parts`, the symbol an earlier build drew
 * for the same text, library and code is taken from them (drawing is most of a card: issue 58).
 */
export function qrSvg(text: string, label: string, parts?: KeptParts): string {
  const symbol = parts
    ? parts.text("qr-modules", [QR_LIBRARY, text], () => qrModules(text))
    : qrModules(text);
  const space = symbol.indexOf(" ");
  const size = Number(symbol.slice(0, space));
  const bits = Buffer.from(symbol.slice(space + 1), "base64");
  const dark = (i: number) => (bits[i >> 3]! >> (7 - (i & 7))) & 1;
  let d = "";
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let at = -1; // where the pen is on this row, or -1 before the row's first run
    for (let x = 0; x < size; x++) {
      if (!dark(row + x)) continue;
      let end = x;
      while (end + 1 < size && dark(row + end + 1)) end++;
      d += at < 0 ? `M${x} ${y}.5` : `m${x - at} 0`;
      d += `h${end - x + 1}`;
      at = end + 1;
      x = end;
    }
  }
  return `<svg class="qr" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path stroke="#000" stroke-width="1" d="${d}"/></svg>`;
}

/**
 * The code's modules (quiet zone included) as `<size> <base64 of the bits, row by row>`: what is
 * kept, a seventh of the bytes of the path drawn from it (the parts file is read whole, so its
 * size is memory at Publish's peak), the label left out.
 */
function qrModules(text: string): string {
  const rows = encodeQR(text, "raw", { ecc: "medium", border: QUIET });
  const size = rows.length;
  const bits = new Uint8Array(Math.ceil((size * size) / 8));
  for (let y = 0, i = 0; y < size; y++)
    for (let x = 0; x < size; x++, i++) if (rows[y]![x]) bits[i >> 3]! |= 0x80 >> (i & 7);
  return `${size} ${Buffer.from(bits.buffer, 0, bits.length).toString("base64")}`;
}
