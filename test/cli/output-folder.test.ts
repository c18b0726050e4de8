import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliOptions } from "../../generator/cli/options.ts";
import { build } from "../../generator/pipeline.ts";
import { BUILD_MARKER } from "../../generator/write/output-folder.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { readTree, treeDigest } from "../helpers/read-tree.ts";
import { runCli } from "../helpers/run-cli.ts";

/** `npm run build -- --root … --out …` as the pipeline runs it, in this process (the command's address, no cache). */
const pipelineBuild = (root: string, outDir: string) =>
  build({ root, outDir, baseUrl: "http://localhost:4173/", env: {} });

/** The example event with one record not yet committed anywhere: the one a typo would lose for good. */
async function rootWithUncommitted(): Promise<string> {
  const root = await exampleRoot();
  await mkdir(join(root, "generator"));
  await writeFile(join(root, "generator/keep.ts"), "export {};\n");
  await writeFile(
    join(root, "records/teams/new-team.yaml"),
    "name: New Team\nlookingForMembers: false\nmembers:\n  - name: Ada\n",
  );
  return root;
}

/** Every entry under `dir` by kind, with a file's text and a link's target; a pipe is never opened. */
async function entries(dir: string): Promise<Record<string, string>> {
  const listing: Record<string, string> = {};
  for (const name of (await readdir(dir, { recursive: true })).sort()) {
    const path = join(dir, name);
    const kind = await lstat(path);
    listing[name] = kind.isFile()
      ? await readFile(path, "utf8")
      : kind.isSymbolicLink()
        ? `-> ${await readlink(path)}`
        : kind.isDirectory()
          ? "folder"
          : kind.isFIFO()
            ? "pipe"
            : "socket";
  }
  return listing;
}

/** A socket listening at `path`, as a running program's; resolves with the function that closes it. */
async function socketAt(path: string): Promise<() => void> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return () => void server.close();
}

describe("--out", () => {
  it("refuses a source folder, the root, a folder holding it, or one inside a source folder, and deletes nothing", async () => {
    const root = await rootWithUncommitted();
    const before = await readTree(root);
    await symlink(join(root, "records"), join(root, "records-link"));
    const cases: Array<[string, RegExp]> = [
      ["records", /is records\/ of .*which holds sources/],
      ["site", /is site\/ of/],
      ["generator", /is generator\/ of/],
      [".", /is the project's root/],
      ["..", /a folder that holds the project/],
      ["records/teams/site", /is inside records\/ of/],
      ["records-link", /is records\/ of/],
    ];
    // Every case through the options every command reads (build and start's, and dev's)...
    for (const devOut of [false, true])
      for (const [out, message] of cases)
        expect(() => cliOptions(["--root", root, "--out", join(root, out)], {}, { devOut })).toThrow(
          new RegExp(`${message.source}[^]*Choose a folder of its own, such as dist\\.`),
        );
    // ...and each command, a real process, refuses (two cases each) with the line and exit 2.
    const runs = ["build", "start", "dev"].flatMap((command, i) =>
      [cases[i]!, cases[i + 3]!].map(async ([out, message]) => {
        const run = await runCli(command, ["--root", root, "--out", join(root, out)]);
        expect(run.code, `${command} --out ${out}`).toBe(2);
        expect(run.stderr).toMatch(message);
        expect(run.stderr).toContain("Choose a folder of its own, such as dist.");
      }),
    );
    await Promise.all(runs);
    const after = await readTree(root);
    expect(after).toEqual(before);
    expect(existsSync(join(root, "records/teams/new-team.yaml"))).toBe(true);
  });

  it("replaces only a folder a build wrote: a new, empty or marked one, never one with other files", async () => {
    const root = await exampleRoot();
    const out = join(await tempDir(), "mine");
    await mkdir(out);
    await writeFile(join(out, "notes.txt"), "my notes\n");
    const refused = await runCli("build", ["--root", root, "--out", out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${out} holds files a build did not write (it has no ${BUILD_MARKER})`);
    expect(refused.stderr).not.toContain(" at ");
    expect(await readFile(join(out, "notes.txt"), "utf8")).toBe("my notes\n");
    // The builds that pass are the pipeline's, in this process: the refusal above is the command's.
    const fresh = join(await tempDir(), "site");
    expect((await pipelineBuild(root, fresh)).ok).toBe(true);
    expect(existsSync(join(fresh, BUILD_MARKER))).toBe(true);
    expect((await pipelineBuild(root, fresh)).ok).toBe(true);
  });

  it("still replaces a site built before the marker existed, known by its API index", async () => {
    const root = await exampleRoot();
    const out = join(await tempDir(), "dist");
    await mkdir(join(out, "api"), { recursive: true });
    await writeFile(join(out, "api/index.json"), '{\n  "object": "index"\n}\n');
    expect((await pipelineBuild(root, out)).ok).toBe(true);
    expect(existsSync(join(out, BUILD_MARKER))).toBe(true);
  });

  it.each([
    ["a file", "a file", async (out: string) => void (await writeFile(out, "# my notes\n"))],
    [
      "a link to a file",
      "a symbolic link",
      async (out: string) => {
        await writeFile(`${out}.md`, "# my notes\n");
        await symlink(`${out}.md`, out);
      },
    ],
    ["a link to nothing", "a symbolic link", (out: string) => symlink(`${out}-gone`, out)],
    ["a named pipe", "a named pipe", async (out: string) => void execFileSync("mkfifo", [out])],
    ["a socket", "a socket", (out: string) => socketAt(out)],
    [
      "a link to a folder an earlier build wrote",
      "a symbolic link",
      async (out: string, root: string) => {
        await buildSite(root, "http://localhost:4173/", `${out}-site`);
        await symlink(`${out}-site`, out);
      },
    ],
  ])(
    "refuses an --out that is %s before writing anything, and leaves it and all beside it as they were",
    async (_, what, make) => {
      const root = await fixtureRoot();
      const dir = await tempDir();
      const out = join(dir, "out");
      const close = await make(out, root);
      try {
        const before = await entries(dir);
        const run = await runCli("build", ["--root", root, "--out", out], {}, 20_000);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`build failed: ${out} is ${what}`);
        expect(run.stderr).toContain(", not a folder");
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(await entries(dir)).toEqual(before);
      } finally {
        if (typeof close === "function") close();
      }
    },
  );

  it("still builds into a path that is not there yet, its parents made", async () => {
    const root = await fixtureRoot();
    const out = join(await tempDir(), "new/site");
    expect((await pipelineBuild(root, out)).ok).toBe(true);
    expect(existsSync(join(out, BUILD_MARKER))).toBe(true);
  });

  it.each([
    ["a named pipe where the site writes a file", "api/teams.json", "pipe"],
    ["a named pipe no document claims", "stray", "pipe"],
    ["a socket no document claims", "stray.sock", "socket"],
  ])("replaces whole an earlier build's folder holding %s, never opening it", async (_, path, kind) => {
    const root = await fixtureRoot();
    const [out, fresh] = [join(await tempDir(), "dist"), join(await tempDir(), "dist")];
    const args = ["--root", root, "--base-url", "https://example.org/"];
    const env = { SOURCE_DATE_EPOCH: "0" };
    // The earlier build is the pipeline's, in this process (the command replaces its folder whole).
    await buildSite(root, "https://example.org/", out);
    await rm(join(out, path), { force: true });
    let close = () => {};
    if (kind === "pipe") execFileSync("mkfifo", [join(out, path)]);
    else close = await socketAt(join(out, path));
    try {
      // A build that opens the pipe to compare it waits for a writer for good: killed, it fails here.
      const run = await runCli("build", [...args, "--out", out], env, 20_000);
      expect(run.code).toBe(0);
      // Looked at before the socket's server closes, which removes it.
      expect(Object.values(await entries(join(out, "..")))).not.toContain(kind);
    } finally {
      close();
    }
    // The folder compared with is the command's too: one compiled build against another.
    expect((await runCli("build", [...args, "--out", fresh], env)).code).toBe(0);
    expect(await treeDigest(out)).toEqual(await treeDigest(fresh));
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });
});
