import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readEvent, updateForms } from "../load/forms/form-files.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { foldName } from "../validate/rules/name-unique.ts";

/**
 * The realistic event the issues' figures are measured on (`--events DIR`: the shared kit's
 * gen.js and realistic.js, which need the `yaml` package), made as its README says: `projects`
 * teams and projects, `warnPercent` % of projects with a warning, in a copy of this project's
 * records/schemas and site/, its forms written, committed in `root` as CI checks one out.
 */
export async function kitEvent(
  root: string,
  kit: string,
  projects: number,
  warnPercent: number,
): Promise<string> {
  const scratch = await mkdtemp(join(dirname(root), "kit-"));
  const node = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, [join(kit, script), ...args], {
      env: { ...process.env, NODE_PATH: join(REPO_ROOT, "node_modules") },
      stdio: "ignore",
    });
  try {
    node("gen.js", String(projects), join(scratch, "data"));
    node(
      "realistic.js",
      join(scratch, "data"),
      join(REPO_ROOT, "records/event.yaml"),
      join(scratch, "out"),
      String(warnPercent),
    );
    await mkdir(join(root, "records"), { recursive: true });
    for (const part of ["teams", "projects", "event.yaml"])
      await cp(join(scratch, "out", part), join(root, "records", part), { recursive: true });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  // The realistic event the owners shared has no expo floor (its figures, and Hugo's pairs, build
  // none): the sample's floor of 14 tables would refuse its 10,000 projects. The synthetic event
  // gets a floor sized to its projects (synthetic-event.ts).
  const eventFile = join(root, "records/event.yaml");
  await writeFile(eventFile, (await readFile(eventFile, "utf8")).replace(/^expo:\n(?:[ #].*\n|\n)*/m, ""));
  await distinctNames(join(root, "records/teams"), "name");
  await distinctNames(join(root, "records/projects"), "title");
  await cp(join(REPO_ROOT, "records/schemas"), join(root, "records/schemas"), { recursive: true });
  await cp(join(REPO_ROOT, "site"), join(root, "site"), { recursive: true });
  await updateForms(root, await readEvent(root));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  // No background gc: it packs the 20,000 loose objects while the bench copies the folder.
  git("config", "gc.auto", "0");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-qm", "realistic event");
  return root;
}

/**
 * The kit's names are random words, and a few repeat (8 project titles in 10,000), which
 * name-unique refuses: each repeat gets its file's slug after it, as the rule's fix says.
 */
async function distinctNames(folder: string, key: "name" | "title"): Promise<void> {
  const seen = new Set<string>();
  const line = new RegExp(`^${key}: (.*)$`, "m");
  for (const file of (await readdir(folder)).sort()) {
    const text = await readFile(join(folder, file), "utf8");
    const name = line.exec(text)?.[1];
    if (name === undefined) continue;
    if (!seen.has(foldName(name))) {
      seen.add(foldName(name));
      continue;
    }
    await writeFile(join(folder, file), text.replace(line, `${key}: ${name} ${file.replace(/\.yaml$/, "")}`));
  }
}
