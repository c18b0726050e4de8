import encodeQR from "qr";
import { describe, expect, it } from "vitest";
import { RenderedParts } from "../../../generator/cache/rendered-parts.ts";
import { QR_LIBRARY, QR_MAX_BYTES, qrSvg } from "../../../generator/render/expo/qr-svg.ts";
import { tempDir } from "../../helpers/fixture-root.ts";

const URL_ = "https://sprint.example.org/projects/soft-grasp.html";

/** The SVG's dark modules read back from its path, as the encoder's rows (quiet zone included). */
function modules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, move, a, b, w] of svg.matchAll(/([Mm])(\d+) (\d+)(?:\.5)?h(\d+)/g)) {
    if (move === "M") [x, y] = [Number(a), Number(b)];
    else x += Number(a);
    for (let i = 0; i < Number(w); i++) grid[y]![x + i] = true;
    x += Number(w);
  }
  return grid;
}

describe("a table card's QR code", () => {
  it("draws exactly the encoder's modules, inside a quiet zone of four", () => {
    const svg = qrSvg(URL_, "QR code");
    const rows = modules(svg);
    expect(rows.slice(0, 4).flat().some(Boolean)).toBe(false);
    expect(rows).toEqual(encodeQR(URL_, "raw", { ecc: "medium", border: 4 }));
  });

  it("is the same bytes for the same address, and small enough for a page of cards", () => {
    expect(qrSvg(URL_, "a")).toBe(qrSvg(URL_, "a"));
    expect(qrSvg(URL_, "a")).not.toBe(qrSvg(`${URL_}#x`, "a"));
    // The longest slug (80 characters) under a long base address: the card page's bound counts on it.
    const longest = `https://an-organisation.github.io/a-hackathon-2026/projects/${"a".repeat(80)}.html`;
    expect(qrSvg(longest, "a").length).toBeLessThan(QR_MAX_BYTES);
  });

  it("escapes its label", () => {
    expect(qrSvg(URL_, `"><script>`)).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
  });

  it("is drawn once: a later build takes the symbol kept for the same address and library, label apart", async () => {
    const dir = await tempDir();
    const first = new RenderedParts(dir, "code");
    first.begin();
    const drawn = qrSvg(URL_, "QR code: Soft grasp", first);
    expect(drawn).toBe(qrSvg(URL_, "QR code: Soft grasp"));
    first.save();
    const later = new RenderedParts(dir, "code");
    later.begin();
    expect(qrSvg(URL_, "QR code: Soft grasp", later)).toBe(drawn);
    // A renamed project keeps its code: only the label, which is not kept, changes.
    expect(qrSvg(URL_, "QR code: Gentle grasp", later)).toBe(qrSvg(URL_, "QR code: Gentle grasp"));
    expect(later.hits).toBe(2);
    // Another address is drawn, not taken.
    expect(modules(qrSvg(`${URL_}#x`, "a", later))).toEqual(
      encodeQR(`${URL_}#x`, "raw", { ecc: "medium", border: 4 }),
    );
    expect(later.hits).toBe(2);
    expect(QR_LIBRARY).toMatch(/^qr@\d+\.\d+\.\d+/);
  });
});
