import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchFolders } from "../../generator/cli/watch-folders.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { until } from "../helpers/until.ts";

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A watched root with records/teams/a.yaml; `seen()` resolves once a change after now was reported. */
async function watched() {
  const root = await tempDir();
  await mkdir(join(root, "records/teams"), { recursive: true });
  await writeFile(join(root, "records/teams/a.yaml"), "name: A\n");
  let changes = 0;
  const paths = new Set<string | undefined>();
  stops.push(
    watchFolders(root, ["records", "site"], (path) => {
      changes++;
      paths.add(path);
    }),
  );
  const seen = async (act: () => Promise<unknown>) => {
    const before = changes;
    await act();
    await until(() => (changes > before ? true : undefined));
  };
  // A file made new each try until the watcher names one: a folder made a moment ago is watched
  // once its burst of events is over, which no clock here decides. Only a write can name a new file.
  let made = 0;
  const seenOnceWatched = (folder: string) =>
    until(async () => {
      if ([...paths].some((path) => path?.startsWith(`${folder}/new-`))) return true;
      await writeFile(join(root, `${folder}/new-${made++}.yaml`), "name: N\n");
      return undefined;
    });
  return { root, file: join(root, "records/teams/a.yaml"), seen, seenOnceWatched, paths };
}

describe("watchFolders", () => {
  it("sees a write in place, a write beside renamed over, and a delete then a re-create", async () => {
    const { file, seen } = await watched();
    await seen(() => writeFile(file, "name: B\n"));
    await seen(async () => {
      await writeFile(`${file}.tmp`, "name: C\n");
      await rename(`${file}.tmp`, file);
    });
    // The file renamed over is watched through its folder, so its next save is seen too.
    await seen(() => writeFile(file, "name: D\n"));
    await seen(() => rm(file));
    await seen(() => writeFile(file, "name: E\n"));
  });

  it("watches a folder made after it started", async () => {
    const { root, seen, seenOnceWatched } = await watched();
    await seen(() => mkdir(join(root, "records/teams/more")));
    await seenOnceWatched("records/teams/more");
    await seen(() => writeFile(join(root, "records/teams/more/x.yaml"), "name: X\n"));
  });

  it("sees saves in a folder removed and made again, or replaced by another renamed over it", async () => {
    const { root, file, seen, seenOnceWatched, paths } = await watched();
    const teams = join(root, "records/teams");
    // A branch without the folder checked out, then one with it: the folder is a new one.
    await seen(() => rm(teams, { recursive: true }));
    await seen(() => mkdir(teams));
    await seenOnceWatched("records/teams");
    paths.clear();
    await seen(() => writeFile(file, "name: B\n"));
    expect(paths).toContain("records/teams/a.yaml");
    // A folder moved aside and another moved in its place.
    await seen(() => rename(teams, join(root, "records/old")));
    await mkdir(join(root, "records/new"));
    await seen(() => rename(join(root, "records/new"), teams));
    paths.clear();
    await seenOnceWatched("records/teams");
    paths.clear();
    await seen(() => writeFile(file, "name: C\n"));
    expect(paths).toContain("records/teams/a.yaml");
  });

  it("says which file changed, relative to the root, so npm run dev lists that file's problems", async () => {
    const { root, file, seen, seenOnceWatched, paths } = await watched();
    await seen(() => writeFile(file, "name: B\n"));
    await mkdir(join(root, "records/teams/more"));
    await seenOnceWatched("records/teams/more");
    await seen(() => writeFile(join(root, "records/teams/more/x.yaml"), "name: X\n"));
    expect(paths).toContain("records/teams/a.yaml");
    expect(paths).toContain("records/teams/more/x.yaml");
  });
});
