import { existsSync } from "node:fs";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { run as buildRun } from "../../generator/cli/build/run.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { runCli } from "../helpers/run-cli.ts";

// The command's run() in this process, with the environment a process gets (runCli: vitest's
// BASE_URL left out, a test's own added); the first test runs it as the process npm starts.
const build = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  commandInProcess(buildRun, args, { env: { ...process.env, BASE_URL: undefined, ...env } });

/**
 * The valid fixture naming its repository, as init leaves an event, and a judge for its projects:
 * no warning that either is missing (event-repository-unknown, event-judges-none).
 */
async function namedRoot(): Promise<string> {
  const root = await fixtureRoot();
  await appendFile(
    join(root, "records/event.yaml"),
    "repository: org/sprint\njudging:\n  perProject: 1\njudges:\n  - name: Ada\n    affiliation: Lab\n",
  );
  return root;
}

describe("npm run build", () => {
  it("writes the site to --out with --base-url and ends with a one-line summary", async () => {
    const out = join(await tempDir(), "site");
    const run = await runCli("build", [
      "--root",
      await namedRoot(),
      "--out",
      out,
      "--base-url",
      "https://org.github.io/sprint/",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^built 5 records \(0 from the cache\) into \d+ documents \(\d+ files, \d+ bytes\) in .+ in \d+ ms\n$/,
    );
    const projects = JSON.parse(await readFile(join(out, "api/projects.json"), "utf8"));
    expect(projects.docs).toBe("https://org.github.io/sprint/developers.html");
    expect(run.stderr).toBe(
      "warning: the base URL has a path (/sprint/): /.well-known/ documents and robots.txt only count at the root of https://org.github.io, so discovery clients will not find them; publish on a custom domain or a user or organisation site for full discovery\n",
    );
  });

  it("takes the base URL from BASE_URL when no flag is given", async () => {
    const out = join(await tempDir(), "site");
    const run = await build(["--root", await namedRoot(), "--out", out], {
      BASE_URL: "https://sprint.example/",
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(await readFile(join(out, "api/index.json"), "utf8")).docs).toBe(
      "https://sprint.example/developers.html",
    );
    // A bare origin: well-known documents are where discovery clients look, so no warning.
    expect(run.stderr).toBe("");
    const catalog = JSON.parse(await readFile(join(out, ".well-known/api-catalog"), "utf8"));
    expect(catalog.linkset[0].anchor).toBe("https://sprint.example/.well-known/api-catalog");
  });

  it("exits 1 on invalid records and writes nothing", async () => {
    const root = await fixtureRoot();
    const out = join(await tempDir(), "site");
    await import("node:fs/promises").then((fs) =>
      fs.writeFile(join(root, "records/teams/alpha-team.yaml"), "name: [\n"),
    );
    const run = await build(["--root", root, "--out", out]);
    expect(run.code).toBe(1);
    expect(run.stdout, run.stderr).toContain("records/teams/alpha-team.yaml:");
    expect(run.stderr).toContain("build stopped");
    expect(existsSync(out)).toBe(false);
  });

  it("keeps each record's check in the root's cache, and with --no-cache neither reads nor writes it", async () => {
    const root = await fixtureRoot();
    const out = join(await tempDir(), "site");
    const cache = join(root, "node_modules/.cache/hackathon-registry");
    const uncached = await build(["--root", root, "--out", out, "--no-cache"]);
    expect(uncached.stdout).toContain("(0 from the cache)");
    expect(existsSync(cache)).toBe(false);
    expect((await build(["--root", root, "--out", out])).stdout).toContain("(0 from the cache)");
    expect(existsSync(cache)).toBe(true);
    expect((await build(["--root", root, "--out", out])).stdout).toContain("(5 from the cache)");
    expect((await build(["--root", root, "--out", out, "--no-cache"])).stdout).toContain(
      "(0 from the cache)",
    );
  });
});
