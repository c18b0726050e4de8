import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ourDev, saveToPage, type DevServer } from "../../generator/bench/save-to-page.ts";
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
  it("times a tagline saved to a record until the real dev server serves it, one rebuild each", async () => {
    const { root, server } = await devOnSmallEvent();
    const first = await saveToPage(server, 3, 1);
    const second = await saveToPage(server, 7, 2);
    for (const ms of [first, second]) expect(ms).toBeGreaterThan(0);
    // The record was saved with the new tagline, and the page served now holds it.
    const saved = await readFile(join(root, "records/projects/project-7.yaml"), "utf8");
    const tagline = /^tagline: (Saved for the benchmark 2 .*)$/m.exec(saved)?.[1];
    expect(tagline).toBeDefined();
    expect(await (await fetch(server.page(7))).text()).toContain(tagline);
    // Each save waited for its own rebuild to finish, so the next did not overlap it.
    expect(server.served.lines.filter((line) => line.startsWith("built ")).length).toBeGreaterThanOrEqual(3);
  });

  it("refuses, naming the page, the file and the server's last lines, when a save never shows", async () => {
    const { root, server } = await devOnSmallEvent();
    // A record that no longer parses: its builds stop, and the page served stays the old one.
    const file = join(root, "records/projects/project-4.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, "title: [unclosed"));
    await expect(saveToPage(server, 4, 1, 1500)).rejects.toThrow(
      /npm run dev: http:\/\/127\.0\.0\.1:\d+\/projects\/project-4\.html did not show "Saved for the benchmark 1 \w+" within 1500 ms of saving .*project-4\.yaml; its last lines:\n[\s\S]*build stopped/,
    );
  });
});
