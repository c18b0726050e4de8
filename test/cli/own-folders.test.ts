import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_OUT } from "../../generator/cli/options.ts";
import { fixtureRoot, REPO } from "../helpers/fixture-root.ts";
import { until } from "../helpers/until.ts";

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

/**
 * A command run in the checkout itself, as `npm run <command>` there does (no --out, no --root):
 * its output collected, and its exit code once it ends.
 */
function inCheckout(root: string, command: string, args: string[] = []) {
  const env = { ...process.env };
  delete env.BASE_URL; // Vitest sets it for Vite; the commands read it too.
  const child = spawn(process.execPath, [join(REPO, `compiled/cli/${command}.mjs`), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  const output = { stdout: "", stderr: "", code: undefined as number | null | undefined };
  child.stdout.on("data", (chunk) => (output.stdout += chunk));
  child.stderr.on("data", (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const listening = () => until(() => /listening on (http:\/\/\S+?)\)/.exec(output.stdout)?.[1]);
  return { child, output, exited, listening };
}

const home = (folder: string) => readFile(join(folder, "index.html"), "utf8");

describe("npm run dev, npm start and npm run build in one checkout", () => {
  it("write different folders, and a build into the folder npm start serves is refused", async () => {
    const root = await fixtureRoot();
    const dev = inCheckout(root, "dev", ["--port", "0", "--base-url", "http://localhost:5555/"]);
    const devUrl = await dev.listening();
    expect(dev.output.stdout).toContain(`serving ${DEV_OUT} at http://localhost:5555/`);
    const devFolder = join(root, DEV_OUT);
    const devHome = await home(devFolder);
    expect(devHome).toContain("http://localhost:5555/");

    // npm run build writes dist/, as the README says; dev's folder and pages are as they were.
    const build = inCheckout(root, "build");
    expect(await build.exited, build.output.stderr).toBe(0);
    expect(await home(join(root, "dist"))).toContain("http://localhost:4173/");
    expect(await home(devFolder)).toBe(devHome);
    const page = await fetch(devUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("http://localhost:5555/");

    // npm start serves dist/ too; while it runs, a build into dist/ is refused at once.
    const start = inCheckout(root, "start", ["--port", "0", "--base-url", "http://localhost:6666/"]);
    const startUrl = await start.listening();
    const startHome = await home(join(root, "dist"));
    expect(startHome).toContain("http://localhost:6666/");
    // Dev's page script is dev's alone: npm start serves the page as built.
    expect(await (await fetch(startUrl)).text()).toBe(startHome);
    expect(await (await fetch(devUrl)).text()).toContain("__dev/client.js");
    const refused = inCheckout(root, "build");
    expect(await refused.exited).not.toBe(0);
    expect(refused.output.stderr).toContain(
      `dist is served by npm start (process ${start.child.pid}); writing it now would change the site under that server. Stop npm start first, or write elsewhere with --out DIR`,
    );
    expect(await home(join(root, "dist"))).toBe(startHome);
    // So is a second server of the same folder, before it builds anything.
    const second = inCheckout(root, "dev", ["--out", "dist", "--port", "0"]);
    expect(await second.exited).toBe(2);
    expect(second.output.stderr).toContain(`error: dist is served by npm start (process ${start.child.pid})`);
    expect(await home(join(root, "dist"))).toBe(startHome);
    expect(await home(devFolder)).toBe(devHome);

    // Once npm start is stopped (killed: its claim is left behind), a build writes dist/ again.
    start.child.kill("SIGKILL");
    await start.exited;
    const after = inCheckout(root, "build");
    expect(await after.exited, after.output.stderr).toBe(0);
    expect(await home(join(root, "dist"))).toContain("http://localhost:4173/");
  });

  it.each(["SIGINT", "SIGTERM"] as const)(
    "lets go of the folder npm start serves when stopped with %s",
    async (signal) => {
      const root = await fixtureRoot();
      const start = inCheckout(root, "start", ["--port", "0"]);
      await start.listening();
      const claim = join(root, ".dist.serving");
      expect(await readFile(claim, "utf8")).toContain("npm start");
      start.child.kill(signal);
      expect(await start.exited).toBe(signal === "SIGINT" ? 130 : 143);
      await expect(readFile(claim, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    },
  );
});
