import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

// A list's bound says what it counts: "at least 1" read as a number to give (`--organiser 1`).
it("says a list's bounds as a count of items: at least one item, at most 20 items", async () => {
  const root = await fixtureRoot();
  const event = join(root, "records/event.yaml");
  await writeFile(
    event,
    (await readFile(event, "utf8")).replace("organisers:\n  - fixture-organiser", "organisers: []"),
  );
  const project = join(root, "records/projects/alpha-bot.yaml");
  const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(", ");
  await writeFile(project, `${await readFile(project, "utf8")}builtWith: [${tags}]\n`);
  const { diagnostics } = await check({ root });
  expect(diagnostics.map((d) => [d.file, d.expected])).toEqual(
    expect.arrayContaining([
      ["records/event.yaml", "a list of at least one item"],
      ["records/projects/alpha-bot.yaml", "a list of at most 20 items"],
    ]),
  );
});
