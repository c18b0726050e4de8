import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ourDev, projectSlugs, saveToPage, type DevServer } from "../../generator/bench/save-to-page.ts";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { tempDir } from "../helpers/fixture-root.ts";

const running: DevServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.served.stop()));
});

/** A small synthetic event and `npm run dev` serving it. */
async function devOnSmallEvent(): Promise<{ root: string; server: DevServer }> {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 20, projects: 20, warnings: 0.1 });
  const server = await ourDev(root, join(await tempDir(), "dist"), ["--max-semi-space-size=32"]);
  running.push(server);
  return { root, server };
}

describe("the benchmark's save to page, measured from outside", () => {
  it("saves the kth project file by name, whatever the event calls its projects (the shared event's p-00001-…)", async () => {
    const folder = await tempDir();
    for (const name of ["p-00002-arm.yaml", "p-00001-rover.yaml", "notes.txt", "p-00003-drone.yaml"])
      await writeFile(join(folder, name), "");
    const slug = projectSlugs(folder, ".yaml");
    expect([0, 1, 2, 3].map(slug)).toEqual([
      "p-00001-rover",
      "p-00002-arm",
      "p-00003-drone",
      "p-00001-rover",
    ]);
  });

  it("times a tagline saved to a record until the real dev server serves it, one rebuild each", async () => {
    const { root, server } = await devOnSmallEvent();
    const first = await saveToPage(server, 3, 1);
    const second = await saveToPage(server, 7, 2);
    for (const ms of [first, second]) expect(ms).toBeGreaterThan(0);
    // The record was saved with the new tagline, and the page served now holds it.
    expect(server.file(7).startsWith(join(root, "records/projects/project-"))).toBe(true);
    const saved = await readFile(server.file(7), "utf8");
    const tagline = /^tagline: (Saved for the benchmark 2 .*)$/m.exec(saved)?.[1];
    expect(tagline).toBeDefined();
    expect(await (await fetch(server.page(7))).text()).toContain(tagline);
    // Each save waited for its own rebuild to finish, so the next did not overlap it.
    expect(server.served.lines.filter((line) => line.startsWith("built ")).length).toBeGreaterThanOrEqual(3);
  });

  it("refuses, naming the page, the file and the server's last lines, when a save never shows", async () => {
    const { server } = await devOnSmallEvent();
    // A record that no longer parses: its builds stop, and the page served stays the old one.
    const file = server.file(4);
    await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, "title: [unclosed"));
    await expect(saveToPage(server, 4, 1, 1500)).rejects.toThrow(
      /npm run dev: http:\/\/127\.0\.0\.1:\d+\/projects\/project-\d+\.html did not show "Saved for the benchmark 1 \w+" within 1500 ms of saving .*project-\d+\.yaml; its last lines:\n[\s\S]*build stopped/,
    );
  });
});
