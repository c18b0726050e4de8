import { mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyPlan } from "../../generator/scaffold/apply-plan.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/** A checkout with a file to remove, one to replace and one that is in the way of a folder. */
async function checkout(): Promise<string> {
  const root = await tempDir();
  await mkdir(join(root, "records/teams"), { recursive: true });
  await writeFile(join(root, "records/teams/sample.yaml"), "name: Sample\n");
  await writeFile(join(root, "records/event.yaml"), "name: Old\n");
  await writeFile(join(root, "blocker"), "a file where a folder is wanted\n");
  return root;
}

describe("applyPlan", () => {
  it("removes, replaces and creates files, and leaves nothing of its own behind", async () => {
    const root = await checkout();
    await applyPlan(root, {
      removals: ["records/teams/sample.yaml"],
      writes: new Map([
        ["records/event.yaml", "name: New\n"],
        ["records/projects/.gitkeep", ""],
      ]),
    });
    expect(Object.fromEntries([...(await readTree(root))].map(([p, b]) => [p, b.toString()]))).toEqual({
      blocker: "a file where a folder is wanted\n",
      "records/event.yaml": "name: New\n",
      "records/projects/.gitkeep": "",
    });
    expect(await readdir(root)).toEqual(expect.not.arrayContaining([expect.stringMatching(/^\.init-undo/)]));
  });

  it("copies files byte for byte before it removes them, and never copies over a file", async () => {
    const root = await checkout();
    const bytes = Buffer.from([0, 255, 13, 10, 0x89, 0x50]);
    await writeFile(join(root, "records/teams/image.png"), bytes);
    await applyPlan(root, {
      copies: [
        { from: "records/teams/sample.yaml", to: "editions/2026/records/teams/sample.yaml" },
        { from: "records/teams/image.png", to: "editions/2026/records/teams/image.png" },
      ],
      removals: ["records/teams/sample.yaml", "records/teams/image.png"],
      writes: new Map(),
    });
    const tree = await readTree(root);
    expect(tree.get("editions/2026/records/teams/image.png")).toEqual(bytes);
    expect(tree.get("editions/2026/records/teams/sample.yaml")?.toString()).toBe("name: Sample\n");
    expect(await readdir(join(root, "records/teams"))).toEqual([]);
    const before = await readTree(root);
    await expect(
      applyPlan(root, {
        copies: [
          { from: "records/event.yaml", to: "editions/2027/records/event.yaml" },
          { from: "records/event.yaml", to: "editions/2026/records/teams/sample.yaml" },
        ],
        removals: [],
        writes: new Map(),
      }),
    ).rejects.toThrow(
      "editions/2026/records/teams/sample.yaml is already there: init copies no file over another",
    );
    expect(await readTree(root)).toEqual(before);
    expect(await readdir(join(root, "editions"))).toEqual(["2026"]);
  });

  it("undoes every step when one fails: the checkout is byte for byte as it was", async () => {
    const root = await checkout();
    const before = await readTree(root);
    const failing = applyPlan(root, {
      removals: ["records/teams/sample.yaml"],
      writes: new Map([
        ["records/event.yaml", "name: New\n"],
        ["records/projects/.gitkeep", ""],
        // Its folder cannot be made: a file has that name.
        ["blocker/.gitkeep", ""],
      ]),
    });
    await expect(failing).rejects.toThrow(/blocker/);
    expect(await readTree(root)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(["blocker", "records"]);
    expect((await readdir(join(root, "records"))).sort()).toEqual(["event.yaml", "teams"]);
  });

  it("refuses, before touching anything, a folder it would change that is a link (records/, or one inside)", async () => {
    for (const linked of ["records", "records/teams"]) {
      const root = await tempDir();
      const outside = await tempDir();
      await mkdir(join(outside, "teams"), { recursive: true });
      await writeFile(join(outside, "teams/real-team.yaml"), "name: Real\n");
      await writeFile(join(outside, "event.yaml"), "name: Theirs\n");
      if (linked !== "records") await mkdir(join(root, "records"), { recursive: true });
      await symlink(linked === "records" ? outside : join(outside, "teams"), join(root, linked));
      const before = await readTree(outside);
      await expect(
        applyPlan(root, {
          removals: ["records/teams/real-team.yaml"],
          writes: new Map([["records/event.yaml", "name: Mine\n"]]),
        }),
      ).rejects.toThrow(`${linked} must be a folder of the repository (found a symbolic link)`);
      expect(await readTree(outside)).toEqual(before);
    }
  });
});
