import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { run as formsRun } from "../../generator/cli/forms/run.ts";
import { commandInProcess } from "../helpers/command-in-process.ts";
import { runCli } from "../helpers/run-cli.ts";

// The command's run() in this process, with the environment a process gets (runCli: vitest's
// BASE_URL left out); the first run is the process npm starts.
const forms = (args: string[]) =>
  commandInProcess(formsRun, args, { env: { ...process.env, BASE_URL: undefined } });

describe("npm run forms", () => {
  it("writes the forms the event made stale, names them, and says so when none is", async () => {
    const root = await exampleRoot();
    expect((await runCli("forms", ["--root", root])).code).toBe(0);
    const event = join(root, "records/event.yaml");
    await writeFile(
      event,
      (await readFile(event, "utf8")).replace("name: Hardware\n", "name: Metal Bench\n"),
    );
    const first = await forms(["--root", root]);
    expect([first.code, first.stdout]).toEqual([
      0,
      "wrote .github/ISSUE_TEMPLATE/submit-project.yml\nwrote .github/ISSUE_TEMPLATE/update-project.yml\n",
    ]);
    expect(await readFile(join(root, ".github/ISSUE_TEMPLATE/submit-project.yml"), "utf8")).toContain(
      "- Metal Bench (hardware)",
    );
    const again = await forms(["--root", root]);
    expect([again.code, again.stdout]).toEqual([
      0,
      "the issue forms already follow records/event.yaml and the schemas\n",
    ]);
  });

  it("refuses an event that does not read as a record, writing nothing", async () => {
    const root = await exampleRoot();
    expect((await forms(["--root", root])).code).toBe(0);
    await writeFile(join(root, "records/event.yaml"), "name: [unclosed\n");
    const before = await readFile(join(root, ".github/ISSUE_TEMPLATE/submit-project.yml"), "utf8");
    const run = await forms(["--root", root]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("records/event.yaml does not read as a record: npm run validate says why");
    expect(await readFile(join(root, ".github/ISSUE_TEMPLATE/submit-project.yml"), "utf8")).toBe(before);
  });
});
