import type { ChildProcess } from "node:child_process";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRoot } from "../helpers/fixture-root.ts";
import { serveCommand } from "../helpers/serve-command.ts";
import { until } from "../helpers/until.ts";

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

/** `npm start` or `npm run dev`, killed after the test. */
async function serve(command: "start" | "dev", root: string) {
  const served = await serveCommand(command, root);
  running.push(served.child);
  return served;
}

const teamName = async (url: string) =>
  ((await (await fetch(`${url}api/teams.json`)).json()) as { data: Array<{ name: string }> }).data[0]!.name;

/** Until the served team has `name`: every read is whole (test/serve/send-file.test.ts). */
const nameIs = (url: string, name: string) => async () => ((await teamName(url)) === name ? true : undefined);

describe("npm start and npm run dev", () => {
  it("npm start builds the records and serves the API", async () => {
    const { url } = await serve("start", await fixtureRoot());
    const reply = await fetch(`${url}api/projects.json`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await reply.json()) as { count: number }).count).toBe(2);
  });

  it("npm run dev rebuilds when a record changes and keeps the last good site while one is broken", async () => {
    const root = await fixtureRoot();
    const { url, output } = await serve("dev", root);
    expect(await teamName(url)).toBe("Alpha Team");

    const file = join(root, "records/teams/alpha-team.yaml");
    const original = await readFile(file, "utf8");
    await writeFile(file, original.replace("name: Alpha Team", "name: Alpha Renamed"));
    await until(nameIs(url, "Alpha Renamed"));

    await writeFile(file, "name: [broken\n");
    await until(() => (output.stderr.includes("still serving the last good site") ? true : undefined));
    expect(output.stdout).toContain("records/teams/alpha-team.yaml:1:1 error");
    expect(await teamName(url)).toBe("Alpha Renamed");
  });

  it("npm run dev sees every way an editor saves: in place, beside then renamed, deleted then made again", async () => {
    const root = await fixtureRoot();
    const { url, output } = await serve("dev", root);
    const file = join(root, "records/teams/alpha-team.yaml");
    const original = await readFile(file, "utf8");
    const named = (name: string) => nameIs(url, name);

    // vim and sed -i: a new file beside, renamed over the old one.
    await writeFile(`${file}.swp`, original.replace("name: Alpha Team", "name: Alpha Renamed"));
    await rename(`${file}.swp`, file);
    await until(named("Alpha Renamed"));
    // The same file, renamed over again: a rename-saved file is still watched.
    await writeFile(`${file}.swp`, original.replace("name: Alpha Team", "name: Alpha Twice"));
    await rename(`${file}.swp`, file);
    await until(named("Alpha Twice"));
    // Deleted, then made again (a project names this team, so without it the build stops).
    const stops = () => output.stderr.split("still serving the last good site").length;
    const before = stops();
    await rm(file);
    await until(() => (stops() > before ? true : undefined));
    await writeFile(file, original.replace("name: Alpha Team", "name: Alpha Back"));
    await until(named("Alpha Back"));
    // In place.
    await writeFile(file, original);
    await until(named("Alpha Team"));
    expect(output.stderr).not.toContain("build failed");
    expect(output.stdout).toContain("records/projects/alpha-bot.yaml");
    // After a save, only that record is checked again, and only files whose bytes changed are written.
    const rebuilt = output.stdout
      .split("\n")
      .map((line) =>
        // Removed: only the search's parts a renamed team's words replaced (named by their bytes).
        /^built 5 records \(4 from the cache\).*\((\d+) files, \d+ bytes; (\d+) written, \d+ removed\)/.exec(
          line,
        ),
      )
      .filter((match) => match !== null);
    expect(rebuilt.length).toBeGreaterThan(0);
    for (const [, files, written] of rebuilt) expect(Number(written)).toBeLessThan(Number(files) / 2);
  });
});
