import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kitEvent } from "../../generator/bench/kit-event.ts";
import { check } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/**
 * The shared realistic event (../shared/bench/events, beside the project as CI has it), made as the
 * bench makes it: without the sample's expo floor, whose 14 tables would refuse its projects, and
 * valid. Skipped where the shared kit is not beside the project.
 */
const KIT = join(import.meta.dirname, "../../../shared/bench/events");

describe.runIf(existsSync(join(KIT, "gen.js")))("the shared realistic event", () => {
  it("is made without the sample's expo floor and checks clean of errors at 40 projects", async () => {
    const root = await kitEvent(join(await tempDir("kit-"), "event"), KIT, 40, 10);
    const event = await readFile(join(root, "records/event.yaml"), "utf8");
    expect(event).not.toMatch(/^expo:/m);
    const checked = await check({ root });
    expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(checked.loaded.projects).toHaveLength(40);
  }, 60_000);
});
