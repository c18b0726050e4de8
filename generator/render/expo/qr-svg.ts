import encodeQR from "qr";
import { escapeHtml } from "../shared/html.ts";

/** The quiet zone the QR standard asks around a code, in modules. */
const QUIET = 4;

/** The most a code takes, at the longest project address (a test holds it): a page of cards counts on it. */
export const QR_MAX_BYTES = 5000;

/**
 * A QR code for `text` as a small SVG, made at build time so a printed card needs no script and no
 * request. Each run of dark modules in a row is one stroke of width 1, reached by a relative move
 * from the last (`M4 4.5h7m2 0h1`): about a fifth of the bytes of a square per module, which keeps a
 * page of cards within the list pages' bound. `qr` picks the mask by the standard's penalty rules
 * alone, so the same text always gives the same bytes.
 */
export function qrSvg(text: string, label: string): string {
  const rows = encodeQR(text, "raw", { ecc: "medium", border: QUIET });
  const size = rows.length;
  let d = "";
  rows.forEach((row, y) => {
    let at = -1; // where the pen is on this row, or -1 before the row's first run
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      d += at < 0 ? `M${x} ${y}.5` : `m${x - at} 0`;
      d += `h${end - x + 1}`;
      at = end + 1;
      x = end;
    }
  });
  return `<svg class="qr" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path stroke="#000" stroke-width="1" d="${d}"/></svg>`;
}
