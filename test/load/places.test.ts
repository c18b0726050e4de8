import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRecord, parseRecordDocument } from "../../generator/load/parse-record.ts";
import { locateIn, placesOfText } from "../../generator/load/places.ts";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";
import { recordingPaths } from "../helpers/recording-paths.ts";

const TEXT = [
  "title: A", //          1
  "robots: [x, y]", //    2
  "team:", //             3
  "  - name: Ada", //     4
  "    github: ada", //   5
  "  - name: Bo", //      6
  "empty:", //            7
  "notes: |", //          8
  "  hi", //              9
  "",
].join("\n");

describe("places", () => {
  // Places come from the document API; they must fit the value js-yaml reads as well as its own.
  const readers = [
    ["js-yaml's value", () => parseRecord("f.yaml", TEXT).data],
    ["the document API's value", () => parseRecordDocument("f.yaml", TEXT).data],
  ] as const;

  it.each(readers)("%s and the places worked out from the text find every value and key", (_, read) => {
    const [data, places] = [read(), placesOfText(TEXT)];
    const at = (segments: string[], where: "value" | "key" = "value") =>
      locateIn(places, data, segments, where);
    expect(at([])).toEqual({ line: 1, column: 1 });
    expect(at(["title"])).toEqual({ line: 1, column: 8 });
    expect(at(["robots", "1"])).toEqual({ line: 2, column: 13 });
    expect(at(["team", "1", "name"])).toEqual({ line: 6, column: 11 });
    expect(at(["team", "0", "github"], "key")).toEqual({ line: 5, column: 5 });
    expect(at(["empty"])).toEqual({ line: 7, column: 7 });
    expect(at(["notes"])).toEqual({ line: 8, column: 8 });
  });

  it("falls back to the nearest parent for a path that is not there, or a key a default added", () => {
    const [{ data }, places] = [parseRecord("f.yaml", TEXT), placesOfText(TEXT)];
    (data as Record<string, unknown>).track = null;
    expect(locateIn(places, data, ["team", "5", "name"])).toEqual({ line: 4, column: 3 });
    expect(locateIn(places, data, ["track"])).toEqual({ line: 1, column: 1 });
    expect(locateIn(places, data, ["robots", "0", "deeper"])).toEqual({ line: 2, column: 10 });
    expect(locateIn(undefined, data, ["title"])).toEqual({ line: 1, column: 1 });
  });

  it("does not guess inside a mapping whose keys JavaScript reorders (integer-like keys)", () => {
    const [{ data }, places] = [
      parseRecordDocument("f.yaml", "b: 1\n'2': 2\n"),
      placesOfText("b: 1\n'2': 2\n"),
    ];
    expect(Object.keys(data as object)).toEqual(["2", "b"]);
    expect(locateIn(places, data, ["b"])).toEqual({ line: 1, column: 1 });
  });
});

describe("warnings", () => {
  it("point at their line from what the one read kept: every record file is opened once", async () => {
    const root = await fixtureRoot();
    const project = join(root, "records/projects/beta-sim.yaml");
    await writeFile(
      project,
      "title: Beta\ntagline: Sim.\nrobots:\n  - SO-100 arm\n  - Home-built rover\ndescription: x\nteam:\n  - name: Bea\n    github: bea\n",
    );
    let result: Awaited<ReturnType<typeof check>> | undefined;
    const touched = await recordingPaths(async () => (result = await check({ root })));
    expect(result!.diagnostics).toEqual([
      expect.objectContaining({
        file: "records/projects/beta-sim.yaml",
        line: 5,
        column: 5,
        rule: "project-robot-known",
      }),
    ]);
    for (const file of [
      "records/event.yaml",
      "records/teams/alpha-team.yaml",
      "records/projects/beta-sim.yaml",
    ])
      expect(
        touched.filter((path) => path === join(root, file)),
        file,
      ).toHaveLength(1);
  });
});
