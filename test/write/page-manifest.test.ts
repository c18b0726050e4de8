import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromView, type Output } from "../../generator/render/shared/document.ts";
import { OwnManifests, PageManifest } from "../../generator/write/page-manifest.ts";
import { writeSite, WriteError } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** Pages made from views, counting what was rendered, as a build's per-record pages are. */
function site(views: Record<string, { title: string; frame: { name: string } }>) {
  const rendered: string[] = [];
  const render = (view: { title: string; frame: { name: string } }) => {
    rendered.push(view.title);
    return `<h1>${view.title}</h1> · ${view.frame.name}\n`;
  };
  const outputs = (): Output[] => Object.entries(views).map(([path, view]) => fromView(path, view, render));
  return { rendered, outputs };
}

const frame = { name: "Sprint" };

/** A site built whole, then updated once: the update writes the manifest that the next one reads. */
async function built(out: string, views: Parameters<typeof site>[0]): Promise<void> {
  await writeSite(out, site(views).outputs());
  await writeSite(out, site(views).outputs());
}

describe("page reuse through the manifest beside the output", () => {
  it("writes none for a site built whole (as Publish builds); its first update writes one", async () => {
    const out = join(await tempDir(), "dist");
    const views = { "a.html": { title: "A", frame } };
    await writeSite(out, site(views).outputs());
    expect(existsSync(PageManifest.file(out))).toBe(false);
    const update = site(views);
    await writeSite(out, update.outputs());
    expect(update.rendered).toEqual(["A"]);
    expect(existsSync(PageManifest.file(out))).toBe(true);
    const again = site(views);
    await writeSite(out, again.outputs());
    expect(again.rendered).toEqual([]);
  });

  it("renders again only the documents whose view changed; the others keep their files", async () => {
    const out = join(await tempDir(), "dist");
    await built(out, { "a.html": { title: "A", frame }, "b.html": { title: "B", frame } });
    const second = site({ "a.html": { title: "A", frame }, "b.html": { title: "B2", frame } });
    const result = await writeSite(out, second.outputs());
    expect(second.rendered).toEqual(["B2"]);
    expect(result).toMatchObject({ files: 2, written: 1 });
    expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    expect(await readFile(join(out, "b.html"), "utf8")).toBe("<h1>B2</h1> · Sprint\n");
  });

  it("renders every page again when the frame they share changes", async () => {
    const out = join(await tempDir(), "dist");
    await writeSite(
      out,
      site({ "a.html": { title: "A", frame }, "b.html": { title: "B", frame } }).outputs(),
    );
    const renamed = { name: "Sprint 2" };
    const again = site({
      "a.html": { title: "A", frame: renamed },
      "b.html": { title: "B", frame: renamed },
    });
    await writeSite(out, again.outputs());
    expect(again.rendered).toEqual(["A", "B"]);
    expect(await readFile(join(out, "b.html"), "utf8")).toBe("<h1>B</h1> · Sprint 2\n");
  });

  it("renders again a file edited by hand, or removed, so the folder is what the records give", async () => {
    const out = join(await tempDir(), "dist");
    const views = { "a.html": { title: "A", frame }, "b.html": { title: "B", frame } };
    await built(out, views);
    await writeFile(join(out, "a.html"), "<h1>X</h1> · Sprint\n");
    // Same size, same time: only a changed time tells an edit of the same length.
    const b = join(out, "b.html");
    await writeFile(b, "<h1>C</h1> · Sprint\n");
    const again = site(views);
    await writeSite(out, again.outputs());
    expect(again.rendered.sort()).toEqual(["A", "B"]);
    expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    expect(await readFile(b, "utf8")).toBe("<h1>B</h1> · Sprint\n");
  });

  it("trusts no manifest written for another folder, nor one it cannot read", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    const views = { "a.html": { title: "A", frame } };
    await built(out, views);
    // A copy of the folder with the manifest beside it: another folder, whose files may differ.
    await cp(out, join(dir, "copy"), { recursive: true, preserveTimestamps: true });
    await cp(PageManifest.file(out), PageManifest.file(join(dir, "copy")));
    const copied = site(views);
    await writeSite(join(dir, "copy"), copied.outputs());
    expect(copied.rendered).toEqual(["A"]);
    await writeFile(PageManifest.file(out), "{ not json");
    const broken = site(views);
    await writeSite(out, broken.outputs());
    expect(broken.rendered).toEqual(["A"]);
  });

  it("keeps the manifest when a build fails before it moves a file (build-faults: one killed after has none)", async () => {
    const out = join(await tempDir(), "dist");
    const views = { "a.html": { title: "A", frame } };
    await built(out, views);
    const manifest = await readFile(PageManifest.file(out), "utf8");
    const failing = function* (): Generator<Output> {
      yield* site({ "a.html": { title: "A2", frame } }).outputs();
      throw new Error("renderer broke");
    };
    await expect(writeSite(out, failing())).rejects.toThrow("renderer broke");
    expect(await readFile(PageManifest.file(out), "utf8")).toBe(manifest);
  });

  it("refuses a view that is not plain data: a Map hashes as {} whatever it holds", async () => {
    const out = join(await tempDir(), "dist");
    const output = fromView("a.html", { teams: new Map([["a", "A"]]) }, () => "a");
    await writeSite(out, [{ path: "b.html", body: "b" }]);
    await expect(writeSite(out, [output])).rejects.toThrow(WriteError);
    await expect(writeSite(out, [output])).rejects.toThrow(/a Map at .*: views are plain data/);
  });

  describe("npm run dev's own manifests, kept in memory from build to build", () => {
    const views = { "a.html": { title: "A", frame }, "b.html": { title: "B", frame } };
    const edit = (out: string) => writeFile(join(out, "a.html"), "<h1>X</h1> · Sprint\n");
    /** A site built whole, then updated by dev, which keeps the manifest it saved. */
    const savedByDev = async () => {
      const out = join(await tempDir(), "dist");
      const own = new OwnManifests();
      await writeSite(out, site(views).outputs());
      await writeSite(out, site(views).outputs(), [], own);
      return { out, own };
    };
    /** Dev's next build: what it rendered. */
    const nextByDev = async (out: string, own: OwnManifests, pages = views) => {
      const again = site(pages);
      await writeSite(out, again.outputs(), [], own);
      return again.rendered.sort();
    };

    it("trusts the files it wrote, unlooked at, while no other build has written the folder", async () => {
      const { out, own } = await savedByDev();
      // No stat of each file: an edit by hand is not seen until the page changes (docs/security.md).
      await edit(out);
      expect(await nextByDev(out, own)).toEqual([]);
      expect(await nextByDev(out, own, { ...views, "a.html": { title: "A2", frame } })).toEqual(["A2"]);
      expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A2</h1> · Sprint\n");
    });

    it("writes one from its first build into a new folder, so its first save renders only what changed", async () => {
      const out = join(await tempDir(), "dist");
      const own = new OwnManifests();
      await writeSite(out, site(views).outputs(), [], own);
      expect(existsSync(PageManifest.file(out))).toBe(true);
      expect(await nextByDev(out, own, { ...views, "b.html": { title: "B2", frame } })).toEqual(["B2"]);
      // Another build reads it from the file, checking each file it names.
      await edit(out);
      const other = site(views);
      await writeSite(out, other.outputs());
      expect(other.rendered).toEqual(["A", "B"]);
      expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    });

    it("knows a view by its members: the same objects keep their key, another object is hashed again", async () => {
      const { out, own } = await savedByDev();
      // An equal frame made anew hashes the same; a changed one renders every page.
      expect(
        await nextByDev(out, own, {
          "a.html": { title: "A", frame: { ...frame } },
          "b.html": views["b.html"],
        }),
      ).toEqual([]);
      const renamed = { name: "Sprint 2" };
      expect(
        await nextByDev(out, own, {
          "a.html": { title: "A", frame: renamed },
          "b.html": { title: "B", frame: renamed },
        }),
      ).toEqual(["A", "B"]);
      expect(await readFile(join(out, "b.html"), "utf8")).toBe("<h1>B</h1> · Sprint 2\n");
    });

    it("saves, after saves that kept entries, a manifest another build reads as its own", async () => {
      const { out, own } = await savedByDev();
      expect(await nextByDev(out, own, { ...views, "b.html": { title: "B2", frame } })).toEqual(["B2"]);
      expect(await nextByDev(out, own, { ...views, "b.html": { title: "B2", frame } })).toEqual([]);
      // Each entry as JSON: kept ones from the text kept with them, the new one made.
      const saved = JSON.parse(await readFile(PageManifest.file(out), "utf8")) as { files: object };
      expect(Object.keys(saved.files).sort()).toEqual(["a.html", "b.html"]);
      for (const entry of Object.values(saved.files))
        expect(entry).toEqual([expect.any(String), expect.any(Number), expect.any(Number)]);
      const other = site({ ...views, "b.html": { title: "B2", frame } });
      expect((await writeSite(out, other.outputs())).written).toBe(0);
      expect(other.rendered).toEqual([]);
    });

    it("still renders a file removed from the folder", async () => {
      const { out, own } = await savedByDev();
      await rm(join(out, "b.html"));
      expect(await nextByDev(out, own)).toEqual(["B"]);
      expect(await readFile(join(out, "b.html"), "utf8")).toBe("<h1>B</h1> · Sprint\n");
    });

    it("looks at every file again once another build has written the folder (its manifest is another file)", async () => {
      const { out, own } = await savedByDev();
      // `npm run build` into the same folder meanwhile: it writes a manifest of its own.
      await writeSite(out, site(views).outputs());
      await edit(out);
      expect(await nextByDev(out, own)).toEqual(["A"]);
      expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    });

    it("looks at every file again when another build's manifest took its file's inode, size and time", async () => {
      // On a disk with coarse times (FAT's 2 s, ext3's 1 s) the other build's manifest may get the
      // inode freed by removing dev's and the same time; its size is padded to dev's here, as JSON allows.
      const { out, own } = await savedByDev();
      const file = PageManifest.file(out);
      const [inode, time] = [`${file}.inode`, `${file}.time`];
      await link(file, inode);
      execFileSync("touch", ["-r", file, time]);
      const devs = (await readFile(file, "utf8")).length;
      await writeSite(out, site({ "a.html": { title: "Other", frame } }).outputs());
      const others = await readFile(file, "utf8");
      expect(others.length).toBeLessThan(devs);
      await writeFile(inode, others.padEnd(devs, " "));
      await rename(inode, file);
      execFileSync("touch", ["-r", time, file]);
      expect(await nextByDev(out, own)).toEqual(["A", "B"]);
      expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    });

    it("looks at every file again once its manifest is gone (a build that failed while moving files)", async () => {
      const { out, own } = await savedByDev();
      PageManifest.forget(out);
      await edit(out);
      // No manifest at all: every page is rendered and compared.
      expect(await nextByDev(out, own)).toEqual(["A", "B"]);
      expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1> · Sprint\n");
    });
  });
});
