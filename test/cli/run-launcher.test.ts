import { execFile } from "node:child_process";
import { appendFile, cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, tempDir, fixtureRoot } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";

/** `node generator/cli/run.mjs …args` in `root`, as `npm run` runs a command there. */
function launch(root: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, "generator/cli/run.mjs"), ...args], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

/** A checkout as it is before `npm ci`: the launcher, and nothing installed or compiled. */
async function freshCheckout(): Promise<string> {
  const root = await tempDir("checkout-");
  await mkdir(join(root, "generator/cli"), { recursive: true });
  await cp(join(REPO, "generator/cli/run.mjs"), join(root, "generator/cli/run.mjs"));
  return root;
}

describe("the npm scripts' launcher", () => {
  it("says to run npm ci first, without a stack trace, when nothing is installed yet", async () => {
    const run = await launch(await freshCheckout(), "validate");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "npm run validate: nothing is installed yet; run `npm ci` first (it installs the dependencies and compiles the commands), then this again.\n",
    );
  });

  it("says to compile when the dependencies are there but the command's bundle is not", async () => {
    const root = await freshCheckout();
    await mkdir(join(root, "node_modules"));
    await writeFile(join(root, "node_modules/.package-lock.json"), "{}");
    const run = await launch(root, "build");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^npm run build: compiled\/ does not hold this command; run `npm run compile`/,
    );
  });

  it("runs the compiled command with the arguments after its name", async () => {
    // As in GitHub Actions, which names the repository: no warning that it is unknown; and a judge
    // for the fixture's projects, so none that it lists no judges (event-judges-none).
    const root = await fixtureRoot();
    await appendFile(
      join(root, "records/event.yaml"),
      "judging:\n  perProject: 1\njudges:\n  - name: Ada\n    affiliation: Lab\n",
    );
    const run = await runCli("validate", ["--root", root], { GITHUB_REPOSITORY: "org/sprint" });
    expect(run).toMatchObject({ code: 0, stderr: "records are valid\n" });
  });

  it("is what every npm script that runs a command goes through, to a command that exists", async () => {
    const { scripts } = JSON.parse(await readFile(join(REPO, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const [name, script] of Object.entries(scripts)) {
      expect(script, name).not.toMatch(/compiled\//);
      const command = /generator\/cli\/run\.mjs ([a-z/-]+)/.exec(script)?.[1];
      if (command)
        await expect(
          readFile(join(REPO, "generator", `${command.includes("/") ? command : `cli/${command}`}.ts`)),
        ).resolves.toBeTruthy();
    }
  });

  it("lets the install scripts of the locked packages run, each reviewed in allowScripts (npm 11)", async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8")) as {
      allowScripts?: Record<string, boolean>;
    };
    const lock = JSON.parse(await readFile(join(REPO, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ""));
    expect(scripted.length).toBeGreaterThan(0);
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...new Set(scripted)].sort());
  });
});
