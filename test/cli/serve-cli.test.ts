import { spawn, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRoot, REPO, tempDir } from "../helpers/fixture-root.ts";
import { until } from "../helpers/until.ts";

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

/** Starts `npm start` or `npm run dev` as a real process and waits until it says where it listens. */
async function serve(command: "start" | "dev", root: string) {
  const out = join(await tempDir(), "dist");
  const child = spawn(
    process.execPath,
    [
      `compiled/cli/${command}.mjs`,
      "--root",
      root,
      "--out",
      out,
      "--port",
      "0",
      "--base-url",
      "http://localhost:4173/",
    ],
    { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
  );
  running.push(child);
  const output = { stdout: "", stderr: "" };
  child.stdout!.on("data", (chunk) => (output.stdout += chunk));
  child.stderr!.on("data", (chunk) => (output.stderr += chunk));
  const url = await until(() => /listening on (http:\/\/\S+?)\)/.exec(output.stdout)?.[1]);
  return { url, output, out };
}

const teamName = async (url: string) =>
  ((await (await fetch(`${url}api/teams.json`)).json()) as { data: Array<{ name: string }> }).data[0]!.name;

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
    await until(async () => ((await teamName(url)) === "Alpha Renamed" ? true : undefined));

    await writeFile(file, "name: [broken\n");
    await until(() => (output.stderr.includes("still serving the last good site") ? true : undefined));
    expect(output.stdout).toContain("records/teams/alpha-team.yaml:2:1 error");
    expect(await teamName(url)).toBe("Alpha Renamed");
  });
});
