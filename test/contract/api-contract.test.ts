import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { changelogMarkdown } from "../../generator/contract/api-changelog.ts";
import { contractChanges, unannounced } from "../../generator/contract/contract-changes.ts";
import { build } from "../../generator/pipeline.ts";
import { fixtureRoot, REPO, tempDir } from "../helpers/fixture-root.ts";

/**
 * The API only grows: the built openapi.json (of the small fixture event, so an organiser's own
 * tracks never move it) is compared with the copy held here. A removal, retyping or narrowing
 * fails naming its place; an addition passes once CHANGELOG_API.md's source names it. After a
 * recorded addition, `UPDATE_CONTRACT=1 npx vitest run test/contract` takes the new copy and
 * rewrites CHANGELOG_API.md.
 */
const HELD = join(REPO, "test/contract/openapi.held.json");
const CHANGELOG = join(REPO, "CHANGELOG_API.md");
const update = process.env.UPDATE_CONTRACT === "1";
const changelogFile = () =>
  `<!-- Written from generator/contract/api-changelog.ts by test/contract (UPDATE_CONTRACT=1): edit it there. -->\n\n# API changelog\n\n${changelogMarkdown(2)}`;

let built: Record<string, unknown>;

beforeAll(async () => {
  const out = join(await tempDir(), "dist");
  const result = await build({
    root: await fixtureRoot(),
    outDir: out,
    baseUrl: "https://hackathon.example/",
    env: { SOURCE_DATE_EPOCH: "1764928800" },
  });
  expect(result.ok).toBe(true);
  built = JSON.parse(await readFile(join(out, "openapi.json"), "utf8"));
});

describe("the public contract", () => {
  it("only grows from the held openapi.json, and every addition is in the changelog", async () => {
    const held = JSON.parse(await readFile(HELD, "utf8"));
    const changes = contractChanges(held, built);
    const line = (c: { kind: string; place: string; detail: string }) => `${c.place}: ${c.kind}, ${c.detail}`;
    expect(changes.filter((c) => c.kind !== "added").map(line)).toEqual([]);
    expect(unannounced(changes, changelogMarkdown(2)).map(line)).toEqual([]);
    if (update) await writeFile(HELD, `${JSON.stringify(built, null, 2)}\n`);
  });

  it("CHANGELOG_API.md is written from its one source", async () => {
    if (update) await writeFile(CHANGELOG, changelogFile());
    expect(await readFile(CHANGELOG, "utf8")).toBe(changelogFile());
  });
});
