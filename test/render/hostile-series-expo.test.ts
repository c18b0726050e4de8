import { cp, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/pipeline.ts";
import { FIXTURES, tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/**
 * Review R1 (issues 57 and 58): the hostile records (test/fixtures/hostile-pages) on an expo floor
 * whose area name is hostile too, and the same event archived under editions/2025/: every page at
 * the root, under /2025/, /editions/, /expo/, /expo/cards/ (the QR codes' labels), /live/ and
 * the old root URL of a project only the archive has
 * carries the record text as text. hostile-pages.test.ts checks every tag and attribute of the
 * plain event's pages; this checks the pages a floor and an archive add, by the payloads.
 */
const BASE = "https://example.org/";
const AREA = "<script>alert('area')</script> Hall";
let pages: Map<string, string>;

beforeAll(async () => {
  const root = await tempDir();
  await cp(join(FIXTURES, "hostile-pages"), root, { recursive: true });
  // This floor, whether or not the fixture has one of its own: its own block is cut out first.
  const event = join(root, "records/event.yaml");
  const text = (await readFile(event, "utf8")).replace(/^expo:\n(?:[ #].*\n|\n)*/m, "");
  await writeFile(
    event,
    `${text}expo:\n  areas:\n    - name: ${JSON.stringify(AREA)}\n      tables: 4\n      power: true\n`,
  );
  const edition = join(root, "editions/2025");
  await cp(join(root, "records"), join(edition, "records"), { recursive: true });
  await cp(join(root, "site"), join(edition, "site"), { recursive: true });
  // A project only the archive has: its old root page becomes a redirect page naming it.
  await rename(
    join(edition, "records/projects/xss-project.yaml"),
    join(edition, "records/projects/xss-archived.yaml"),
  );
  const recordDates: Record<string, string> = {};
  for (const kind of ["teams", "projects"])
    for (const name of (await readdir(join(edition, "records", kind))).sort())
      recordDates[`records/${kind}/${name}`] = "2025-12-05T10:00:00+01:00";
  const manifest = { id: "2025", generatedAt: "2025-12-06T18:00:00+01:00", recordDates };
  await writeFile(join(edition, "edition.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const out = join(await tempDir(), "dist");
  const result = await build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  pages = new Map(
    [...(await readTree(out))].filter(([p]) => p.endsWith(".html")).map(([p, b]) => [p, b.toString("utf8")]),
  );
});

// What the records would inject, were any of it written raw.
const PAYLOADS = [
  /<script>alert\(/,
  /<img src=x onerror/,
  /<svg onload=/,
  /<iframe src=javascript/,
  /<b onmouseover/,
  /" onclick="alert/,
  /" onerror="alert/,
  /<a href=javascript/,
];

describe("a hostile event on an expo floor, archived as an edition", () => {
  it("builds the pages the floor and the archive add", () => {
    for (const path of [
      "expo/index.html",
      "expo/cards/index.html",
      "live/index.html",
      "editions/index.html",
      "2025/index.html",
      "2025/expo/cards/index.html",
      "2025/projects/xss-archived.html",
      "projects/xss-archived.html",
    ])
      expect(pages.has(path), path).toBe(true);
    // Each card has its code, labelled by the hostile title as text.
    const cards = pages.get("expo/cards/index.html")!;
    expect(cards).toContain('<svg class="qr"');
    expect(cards).toContain(
      'aria-label="QR code: the page of &lt;img src=x onerror=alert(&#39;title&#39;)&gt;"',
    );
    expect(pages.get("projects/xss-archived.html")).toContain(
      `<a href="${BASE}2025/projects/xss-archived.html">&lt;img src=x onerror=alert(&#39;title&#39;)&gt;</a> has a new address.`,
    );
    expect(pages.get("2025/projects/xss-archived.html")).toContain(
      "&lt;img src=x onerror=alert(&#39;title&#39;)&gt;",
    );
    expect(pages.get("2025/expo/cards/index.html")).toContain(`${BASE}2025/projects/xss-archived.html`);
    expect(pages.get("expo/index.html")).toContain("&lt;script&gt;alert(&#39;area&#39;)&lt;/script&gt; Hall");
  });

  it("writes no record text raw on any page", () => {
    const raw = [...pages].flatMap(([path, body]) =>
      PAYLOADS.filter((p) => p.test(body)).map((p) => `${path}: ${p.source}`),
    );
    expect(raw).toEqual([]);
  });
});
