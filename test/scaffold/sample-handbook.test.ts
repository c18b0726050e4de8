import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SAMPLE_EVENT } from "../../generator/contract/placeholders.ts";
import { sampleHandbook } from "../../generator/scaffold/sample-handbook.ts";
import { EXAMPLE, REPO, tempDir } from "../helpers/fixture-root.ts";

/** What init tells of a handbook: each place to write, as `file:line message`. */
const told = async (root: string) =>
  (await sampleHandbook(root)).todo.map((d) => `${d.file.split("/").pop()}:${d.line} ${d.message}`);

const ALL_GONE = [
  "10-event-rules.md:3 the sample's opening line is gone",
  "10-event-rules.md:28 the sample's lab safety rules are gone",
  "40-judging.md:3 the sample's demo times are gone",
];

describe("the sample's handbook rules init takes out", () => {
  it("are each found, whole, in the sample event's handbook", async () => {
    expect(await told(EXAMPLE)).toEqual(ALL_GONE);
  });

  it("are the repository's own while it is still the sample event: a chapter edited without them fails here", async () => {
    const event = parse(await readFile(join(REPO, "records/event.yaml"), "utf8")) as { name?: unknown };
    // A fork that ran init has its own handbook; the sample's rules are then gone.
    if (event.name !== SAMPLE_EVENT.name) return;
    expect(await told(REPO)).toEqual(ALL_GONE);
  });

  it("are found in a chapter with Windows line endings, which it keeps", async () => {
    const root = await tempDir();
    await cp(join(EXAMPLE, "site"), join(root, "site"), { recursive: true });
    const file = join(root, "site/handbook/10-event-rules.md");
    await writeFile(file, (await readFile(file, "utf8")).replaceAll("\n", "\r\n"));
    const { writes } = await sampleHandbook(root);
    const text = writes.get("site/handbook/10-event-rules.md")!;
    expect(text).not.toContain("netted");
    expect(text.split("\r\n").length).toBe(text.split("\n").length);
  });
});
