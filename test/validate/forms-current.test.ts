import { execFile } from "node:child_process";
import { cp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FORMS_DIR } from "../../generator/load/forms/form-files.ts";
import { check } from "../../generator/pipeline.ts";
import { exampleRoot, FIXTURES, REPO, EXAMPLE } from "../helpers/fixture-root.ts";

const run = promisify(execFile);

/** The example event with the repository's committed forms. */
async function rootWithForms(): Promise<string> {
  const root = await exampleRoot();
  await cp(join(EXAMPLE, FORMS_DIR), join(root, FORMS_DIR), { recursive: true });
  return root;
}

const formErrors = async (root: string) =>
  (await check({ root })).diagnostics.filter((d) => d.rule === "forms-current");

describe("the forms-current rule", () => {
  it("passes the committed forms, which npm run forms wrote", async () => {
    expect(await formErrors(await rootWithForms())).toEqual([]);
  });

  it("refuses a hand-edited form at its first differing line, naming the command", async () => {
    const root = await rootWithForms();
    await cp(
      join(FIXTURES, "forms/submit-project-old-track.yml"),
      join(root, FORMS_DIR, "submit-project.yml"),
    );
    const [error, ...rest] = await formErrors(root);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      file: ".github/ISSUE_TEMPLATE/submit-project.yml",
      line: 34,
      severity: "error",
      found: "        - Real robots (hardware)",
      expected: "        - Hardware (hardware)",
    });
    expect(error!.fix).toContain("npm run forms");
  });

  it("refuses forms that still offer a track the event renamed, until npm run forms writes them again", async () => {
    const root = await rootWithForms();
    const event = join(root, "records/event.yaml");
    await writeFile(
      event,
      (await readFile(event, "utf8")).replace("name: Simulation\n", "name: Simulated\n"),
    );
    const errors = await formErrors(root);
    expect(errors.map((d) => [d.file, d.found, d.expected])).toEqual([
      [
        ".github/ISSUE_TEMPLATE/submit-project.yml",
        "        - Simulation (sim)",
        "        - Simulated (sim)",
      ],
      [
        ".github/ISSUE_TEMPLATE/update-project.yml",
        "        - Simulation (sim)",
        "        - Simulated (sim)",
      ],
    ]);
    await run(process.execPath, [join(REPO, "compiled/cli/forms.mjs"), "--root", root]);
    expect(await formErrors(root)).toEqual([]);
  });

  it("refuses a missing or linked form, and leaves a repository without a forms folder alone", async () => {
    const root = await rootWithForms();
    await rm(join(root, FORMS_DIR, "update-team.yml"));
    expect((await formErrors(root)).map((d) => [d.file, d.found])).toEqual([
      [".github/ISSUE_TEMPLATE/update-team.yml", "no such file"],
    ]);
    await symlink("/etc/passwd", join(root, FORMS_DIR, "update-team.yml"));
    expect((await formErrors(root)).map((d) => [d.file, d.found])).toEqual([
      [".github/ISSUE_TEMPLATE/update-team.yml", "no such file"],
    ]);
    await rm(join(root, FORMS_DIR), { recursive: true });
    expect(await formErrors(root)).toEqual([]);
  });
});
