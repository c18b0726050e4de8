import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { deriveSite } from "../../generator/pipeline.ts";
import { applyPlan } from "../../generator/scaffold/apply-plan.ts";
import { buildPlanned } from "../../generator/scaffold/build-planned.ts";
import { planInit, type EventAnswers } from "../../generator/scaffold/init-event.ts";
import {
  nextEditionChecklist,
  planArchive,
  type EditionArchive,
} from "../../generator/scaffold/next-edition.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/** The next event, as init's flags give it. */
const NEXT: EventAnswers = {
  name: "Physical AI Sprint 2027",
  start: "2027-12-04",
  end: "2027-12-05",
  timezone: "Europe/Berlin",
  organisers: ["ada-organiser"],
  repository: "robo-org/sprint",
};
const ENV = { SOURCE_DATE_EPOCH: undefined };

/** The archive planned for `root`, which must build. */
async function archiveOf(root: string, edition?: string): Promise<EditionArchive> {
  const planned = await planArchive(root, { edition, env: ENV });
  if (!planned.ok) throw new Error(planned.diagnostics.map((d) => d.message).join("\n"));
  return planned.archive;
}

/** What --next-edition leaves behind: the plan built from a copy, then put in place. */
async function nextEdition(root: string, answers = NEXT, edition?: string): Promise<void> {
  const plan = await planInit(root, answers, { archive: await archiveOf(root, edition) });
  const built = await buildPlanned(root, plan, { outDir: await tempDir(), baseUrl: "http://localhost/" });
  expect(built.ok, JSON.stringify(built.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
  await applyPlan(root, plan);
}

/** Why the archive is refused: its message, or the build's problems as `file: message`. */
const refusal = (root: string, edition?: string) =>
  planArchive(root, { edition, env: ENV }).then(
    (planned) =>
      planned.ok ? "planned" : planned.diagnostics.map((d) => `${d.file}: ${d.message}`).join("\n"),
    (error: Error) => error.message,
  );

describe("npm run init -- --next-edition", () => {
  it("archives every file of the edition byte for byte under editions/<start year>/, dated as its last build was, and empties the folders for the next", async () => {
    const root = await exampleRoot();
    const before = await readTree(root);
    const last = await deriveSite({ root, env: ENV, baseUrl: "http://localhost/" });
    if (!last.ok) throw new Error("the sample does not build");
    await nextEdition(root);

    const after = await readTree(root);
    const archived = [...before.keys()].filter((path) => !path.startsWith("records/schemas/"));
    for (const path of archived)
      expect(after.get(`editions/2026/${path}`), `editions/2026/${path}`).toEqual(before.get(path));
    // Nothing else is in the archive but its manifest: no schema, no form.
    expect([...after.keys()].filter((p) => p.startsWith("editions/")).length).toBe(archived.length + 1);
    const manifest = JSON.parse(after.get("editions/2026/edition.json")!.toString()) as {
      id: string;
      generatedAt: string;
      recordDates: Record<string, string>;
    };
    expect(manifest.id).toBe("2026");
    expect(manifest.generatedAt).toBe(last.model.generatedAt);
    const teams = [...last.model.updatedAt.teams].map(([slug, at]) => [`records/teams/${slug}.yaml`, at]);
    const projects = [...last.model.updatedAt.projects].map(([s, at]) => [`records/projects/${s}.yaml`, at]);
    expect(manifest.recordDates).toEqual(Object.fromEntries([...teams, ...projects]));
    expect(Object.keys(manifest.recordDates)).toEqual(Object.keys(manifest.recordDates).sort());
    expect(Object.keys(manifest.recordDates)).toHaveLength(
      last.model.teams.length + last.model.projects.length,
    );

    for (const folder of ["records/teams", "records/projects", "site/public/images"])
      expect(await readdir(join(root, folder)), folder).toEqual([".gitkeep"]);
    const event = parse(await readFile(join(root, "records/event.yaml"), "utf8")) as { name: string };
    expect(event.name).toBe(NEXT.name);
    // The handbook stays for the next edition too (as init leaves it), its sample rules taken out.
    expect((await readdir(join(root, "site/handbook"))).length).toBeGreaterThan(0);
  });

  it("dates the archive by git's commits before anything moves, never by the day it is archived", async () => {
    const root = await exampleRoot();
    const git = (at: string, ...args: string[]) =>
      execFileSync("git", args, {
        cwd: root,
        env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at },
      });
    const commit = (at: string) => {
      git(at, "add", "-A");
      git(at, "-c", "user.name=Ada", "-c", "user.email=ada@example.org", "commit", "-qm", "records");
    };
    git("2026-12-01T10:00:00Z", "init", "-q");
    commit("2026-12-01T10:00:00Z");
    const team = join(root, "records/teams/drone-dojo.yaml");
    await writeFile(team, `${await readFile(team, "utf8")}# edited on the last day\n`);
    commit("2026-12-05T09:30:00Z");
    await nextEdition(root);
    const manifest = JSON.parse(await readFile(join(root, "editions/2026/edition.json"), "utf8")) as {
      generatedAt: string;
      recordDates: Record<string, string>;
    };
    expect(manifest.generatedAt).toBe("2026-12-05T09:30:00+00:00");
    expect(manifest.recordDates["records/teams/drone-dojo.yaml"]).toBe("2026-12-05T09:30:00+00:00");
    expect(new Set(Object.values(manifest.recordDates))).toEqual(
      new Set(["2026-12-01T10:00:00+00:00", "2026-12-05T09:30:00+00:00"]),
    );
  });

  it("refuses a second archive with the same id, saying what exists and what to pass, and takes another id", async () => {
    const root = await exampleRoot();
    // Two editions in 2026: the next one starts in the same year.
    await nextEdition(root, { ...NEXT, start: "2026-12-19", end: "2026-12-20" });
    expect(await refusal(root)).toBe(
      "the edition id 2026 (startDate's year): editions/2026/ already holds an archived edition (running --next-edition twice in one year, or its id taken by hand): nothing was changed. Fix: pass --next-edition --edition <id> with another id, lowercase words joined by hyphens (such as 2026-2)",
    );
    const before = await readTree(root);
    await nextEdition(root, NEXT, "2026-winter");
    const after = await readTree(root);
    expect(after.get("editions/2026-winter/records/event.yaml")).toEqual(before.get("records/event.yaml"));
    expect(JSON.parse(after.get("editions/2026-winter/edition.json")!.toString()).id).toBe("2026-winter");
    // The first archive is untouched.
    for (const [path, bytes] of before)
      if (path.startsWith("editions/2026/")) expect(after.get(path), path).toEqual(bytes);
  });

  it.each([
    [
      "Edition_2026",
      "expected lowercase letters and digits in words joined by hyphens, at most 40 characters",
    ],
    ["x".repeat(41), "at most 40 characters"],
    ["2026-", "expected lowercase letters and digits"],
    ["api", "the site already uses /api/ at its root"],
    ["editions", "the site already uses /editions/ at its root"],
    ["images", "the site already uses /images/ at its root"],
  ])("refuses the id %j before anything is changed", async (id, why) => {
    const root = await exampleRoot();
    const before = await readTree(root);
    const message = await refusal(root, id);
    expect(message).toContain(`--edition ${JSON.stringify(id)}: `);
    expect(message).toContain(why);
    expect(message).toContain("nothing was changed. Fix: pass --next-edition --edition <id> with another id");
    expect(await readTree(root)).toEqual(before);
  });

  it("archives no edition that does not build: its problems are returned, nothing is planned", async () => {
    const root = await exampleRoot();
    await writeFile(join(root, "records/teams/broken.yaml"), "name: [\n");
    const planned = await planArchive(root, { env: ENV });
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.diagnostics.map((d) => d.file)).toContain("records/teams/broken.yaml");
  });

  it.each([
    "site/public/docs/secret.txt",
    "site/handbook/notes/secret.txt",
    "records/teams/notes/secret.txt",
  ])("refuses a linked file (%s) rather than archive what it points at", async (path) => {
    const root = await exampleRoot();
    const outside = await tempDir();
    await writeFile(join(outside, "secret.txt"), "not the event's\n");
    await mkdir(join(root, path, ".."), { recursive: true });
    await symlink(join(outside, "secret.txt"), join(root, path));
    expect(await refusal(root)).toMatch(new RegExp(`^${path}.*symbolic link`));
  });

  it("leaves the checkout as it was when putting the plan in place fails half-way", async () => {
    const root = await exampleRoot();
    const plan = await planInit(root, NEXT, { archive: await archiveOf(root) });
    // Between the plan and its application, something takes a place the archive needs.
    await mkdir(join(root, "editions/2026/records"), { recursive: true });
    await writeFile(join(root, "editions/2026/records/teams"), "a file where a folder is wanted\n");
    const before = await readTree(root);
    await expect(applyPlan(root, plan)).rejects.toThrow(/records\/teams/);
    expect(await readTree(root)).toEqual(before);
    expect((await readdir(root)).filter((name) => name.startsWith(".init-undo"))).toEqual([]);
  });
});

describe("an edition archived before its end", () => {
  it("says so on the checklist (not over yet, or no winners), with how to undo it before committing", async () => {
    const root = await exampleRoot();
    const at = (iso: string) => () => Date.parse(iso);
    const plan = async (now: string) => {
      const planned = await planArchive(root, { env: ENV, now: at(now) });
      if (!planned.ok) throw new Error("the example does not build");
      return planned.archive.early;
    };
    expect(await plan("2026-11-28T12:00:00Z")).toEqual({
      why: "it ends 2026-12-06 and no award names a project yet",
      shows: "as over (registration and submissions closed, nothing counting down) and with no winners",
    });
    expect(await plan("2027-01-10T12:00:00Z")).toEqual({
      why: "no award names a project yet",
      shows: "with no winners",
    });
    const event = join(root, "records/event.yaml");
    await writeFile(
      event,
      `${await readFile(event, "utf8")}awards:\n  - name: Best demo\n    projects: [cable-tidy]\n`,
    );
    expect(await plan("2027-01-10T12:00:00Z")).toBeUndefined();
    // Its winners given before its end date: the archive shows them, and the checklist says no "no winners".
    const early = await plan("2026-11-28T12:00:00Z");
    expect(early).toEqual({
      why: "it ends 2026-12-06",
      shows: "as over (registration and submissions closed, nothing counting down)",
    });
    const line = nextEditionChecklist("2026", early)[0]!;
    expect(line).toContain(
      "Archived early: it ends 2026-12-06, and /2026/ shows the edition as over (registration and submissions closed, nothing counting down).",
    );
    expect(line).toContain(
      "(git restore -- records site .github && git clean -fd -- editions/2026: what init added)",
    );
    // The files init made outside the archive go with it; the archive's own are in its folder.
    expect(
      nextEditionChecklist("2026", early, ["records/teams/.gitkeep", "editions/2026/edition.json"])[0],
    ).toContain(
      "(git restore -- records site .github && git clean -fd -- editions/2026 records/teams/.gitkeep: what init added)",
    );
    expect(nextEditionChecklist("2026")[0]).not.toContain("Archived early");
  });
});
