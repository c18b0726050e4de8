import fc from "fast-check";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { BuildMemory } from "../../generator/build-memory.ts";
import { RecordCache } from "../../generator/cache/record-cache.ts";
import { build } from "../../generator/pipeline.ts";
import { REPO } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/**
 * Page reuse misses nothing: after any sequence of edits (a record, the event, the handbook, an
 * image, whitespace no schema reads), each followed by a build with the cache warm into the folder
 * the previous build wrote (reusing pages through its manifest), the folder is byte for byte what a
 * clean build of the same records writes into a new one. Registered by two test files, one per
 * warmth (warm-build-cache and warm-build-memory), so vitest's two workers run them at once. Starts from the repository's own example
 * event, which has every kind of page. 200 sequences (the issue's bar) where CI asks
 * (`WARM_BUILD_RUNS=200` in .ci/run and the test workflow); 20 where people wait.
 */
const RUNS = Number(process.env.WARM_BUILD_RUNS ?? 20);
const SCRATCH = tmpdir();
const BASE_URL = "https://org.example/sprint/";
const env = { SOURCE_DATE_EPOCH: "1700000000" };
const made: string[] = [];

const projects = (await readdir(join(REPO, "records/projects"))).map((f) => f.replace(/\.yaml$/, ""));
const teams = (await readdir(join(REPO, "records/teams"))).map((f) => f.replace(/\.yaml$/, ""));
const chapters = await readdir(join(REPO, "site/handbook"));
const images = await readdir(join(REPO, "site/public/images"));

/** An edit of the records, or of the base URL the builds after it use (`base`). */
type Edit = { what: string; apply(root: string): Promise<void>; base?: string };
type Yaml = Record<string, unknown>;

/** Reads a YAML record, changes it, writes it back (the yaml package's layout: itself an edit of whitespace). */
const editYaml = (file: string, change: (data: Yaml) => void) => async (root: string) => {
  const path = join(root, file);
  if (!existsSync(path)) return;
  const data = parse(await readFile(path, "utf8")) as Yaml;
  change(data);
  await writeFile(path, stringify(data, { lineWidth: 0 }));
};

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 é&<>'"-]{0,20}[A-Za-z0-9]$/);
const pick = <T>(list: readonly T[]) => fc.constantFrom(...list);

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc
    .record({ p: pick(projects), field: pick(["title", "tagline"]), text: word })
    .map(({ p, field, text }) => ({
      what: `project ${p}: ${field} = ${text}`,
      apply: editYaml(`records/projects/${p}.yaml`, (d) => void (d[field] = text)),
    })),
  fc.record({ p: pick(projects), text: word }).map(({ p, text }) => ({
    what: `project ${p}: description + ${text}`,
    apply: editYaml(
      `records/projects/${p}.yaml`,
      (d) => void (d.description = `${String(d.description)}\n**${text}**\n`),
    ),
  })),
  // A description linking the site's own pages: relative under its base URL, not under another.
  fc.record({ p: pick(projects), t: pick(teams) }).map(({ p, t }) => ({
    what: `project ${p}: description links team ${t}`,
    apply: editYaml(
      `records/projects/${p}.yaml`,
      (d) => void (d.description = `${String(d.description)}\n[Our team](${BASE_URL}teams/${t}.html)\n`),
    ),
  })),
  // The kept rendered parts (rendered-parts.ts) depend on it.
  pick([BASE_URL, "https://org.example/", "https://other.example/sprint/"]).map((base) => ({
    what: `base URL ${base}`,
    apply: async () => undefined,
    base,
  })),
  fc.record({ p: pick(projects), team: fc.option(pick(teams)) }).map(({ p, team }) => ({
    what: `project ${p}: teamSlug = ${team}`,
    apply: editYaml(`records/projects/${p}.yaml`, (d) => void (d.teamSlug = team)),
  })),
  fc.record({ t: pick(teams), text: word, looking: fc.boolean() }).map(({ t, text, looking }) => ({
    what: `team ${t}: name = ${text}, lookingForMembers = ${looking}`,
    apply: editYaml(`records/teams/${t}.yaml`, (d) =>
      Object.assign(d, { name: text, lookingForMembers: looking }),
    ),
  })),
  fc.record({ field: pick(["name", "tagline"]), text: word }).map(({ field, text }) => ({
    what: `event: ${field} = ${text}`,
    apply: editYaml("records/event.yaml", (d) => void (d[field] = text)),
  })),
  fc.record({ track: fc.nat(2), text: word }).map(({ track, text }) => ({
    what: `event: track ${track} named ${text}`,
    apply: editYaml("records/event.yaml", (d) => void ((d.tracks as Yaml[])[track]!.name = text)),
  })),
  fc.stringMatching(/^#[0-9a-f]{6}$/).map((colour) => ({
    what: `event: accentColor = ${colour}`,
    apply: editYaml("records/event.yaml", (d) => void (d.accentColor = colour)),
  })),
  fc.option(fc.constantFrom("org/sprint", "other/event")).map((repository) => ({
    what: `event: repository = ${repository}`,
    apply: editYaml("records/event.yaml", (d) => {
      if (repository) d.repository = repository;
      else delete d.repository;
    }),
  })),
  fc.record({ p: pick(projects), name: word }).map(({ p, name }) => ({
    what: `event: award ${name} to ${p}`,
    apply: editYaml("records/event.yaml", (d) => void (d.awards = [{ name, projects: [p] }])),
  })),
  fc.record({ chapter: pick(chapters), text: word }).map(({ chapter, text }) => ({
    what: `handbook ${chapter}: + ${text}`,
    apply: async (root: string) => {
      const file = join(root, "site/handbook", chapter);
      if (existsSync(file)) await writeFile(file, `${await readFile(file, "utf8")}\n${text}\n`);
    },
  })),
  fc
    .record({ chapter: pick(chapters), title: word, remove: fc.boolean() })
    .map(({ chapter, title, remove }) => ({
      what: `handbook: ${remove ? `remove ${chapter}` : `add 60-extra.md "${title}"`}`,
      apply: async (root: string) => {
        if (remove) await unlink(join(root, "site/handbook", chapter)).catch(() => undefined);
        else await writeFile(join(root, "site/handbook/60-extra.md"), `# ${title}\n\nMore.\n`);
      },
    })),
  fc
    .record({ image: pick(images), colour: fc.stringMatching(/^#[0-9a-f]{6}$/) })
    .map(({ image, colour }) => ({
      what: `image ${image}: fill ${colour}`,
      apply: async (root: string) => {
        const file = join(root, "site/public/images", image);
        await writeFile(
          file,
          (await readFile(file, "utf8")).replace(/fill="#[0-9a-f]+"/, `fill="${colour}"`),
        );
      },
    })),
  fc
    .record({
      p: pick([...projects.map((p) => `projects/${p}`), ...teams.map((t) => `teams/${t}`)]),
      blank: pick(["\n", "\n# a comment\n", "   \n"]),
    })
    .map(({ p, blank }) => ({
      what: `records/${p}: whitespace ${JSON.stringify(blank)}`,
      apply: async (root: string) => {
        const file = join(root, `records/${p}.yaml`);
        if (existsSync(file)) await writeFile(file, `${await readFile(file, "utf8")}${blank}`);
      },
    })),
  fc.record({ p: pick(projects), remove: fc.boolean() }).map(({ p, remove }) => ({
    what: remove ? `remove project ${p}` : `copy project ${p} as ${p}-two`,
    apply: async (root: string) => {
      const file = join(root, `records/projects/${p}.yaml`);
      if (!existsSync(file)) return;
      if (remove) await unlink(file);
      else await writeFile(join(root, `records/projects/${p}-two.yaml`), await readFile(file));
    },
  })),
);

async function event(): Promise<string> {
  const root = await mkdtemp(join(SCRATCH, "warm-build-"));
  made.push(root);
  for (const folder of ["records", "site"])
    await cp(join(REPO, folder), join(root, folder), { recursive: true });
  return root;
}

/** The files the site is built from, by path. */
async function sources(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const folder of ["records", "site"])
    for (const [path, bytes] of await readTree(join(root, folder))) files.set(`${folder}/${path}`, bytes);
  return files;
}

async function restore(root: string, files: Map<string, Buffer>): Promise<void> {
  for (const folder of ["records", "site"]) await rm(join(root, folder), { recursive: true });
  for (const [path, bytes] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
  }
}

/** The paths under the root whose bytes differ between two sets of sources: what the watcher names. */
function changedPaths(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter(
    (path) => !before.get(path)?.equals(after.get(path) ?? Buffer.alloc(0)) || !after.has(path),
  );
}

/**
 * The property for one warmth. `cache`: as `npm run build` after a merge (the record cache on disk);
 * `memory`: as `npm run dev` after a save (the previous build's records in memory, told which files
 * were saved).
 */
export function warmBuildProperty(warmth: "cache" | "memory"): void {
  // Here, not at the module's top: test files share a worker's modules, so that would run once.
  afterAll(() => Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));
  it(`writes what a clean build writes, after each edit of ${RUNS} random sequences (${warmth})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edits, { minLength: 1, maxLength: 4 }), async (sequence) => {
        const root = await event();
        const memory = warmth === "memory" ? new BuildMemory() : undefined;
        const warm = {
          root,
          outDir: join(root, "out"),
          baseUrl: BASE_URL,
          env,
          cache: RecordCache.open(root),
          ...(memory ? { memory } : {}),
        };
        // Built whole, then updated once: the update writes the manifest the edits' builds read.
        expect((await build(warm)).ok).toBe(true);
        expect((await build(warm)).ok).toBe(true);
        for (const [i, edit] of sequence.entries()) {
          // dev is never given another base URL while it runs.
          if (edit.base && memory) continue;
          if (edit.base) warm.baseUrl = edit.base;
          const before = await sources(root);
          await edit.apply(root);
          const after = await sources(root);
          memory?.saw(changedPaths(before, after));
          const clean = await build({ root, outDir: join(root, `clean-${i}`), baseUrl: warm.baseUrl, env });
          const warmed = await build(warm);
          expect(warmed.ok, edit.what).toBe(clean.ok);
          if (!clean.ok) {
            // An edit that breaks the records is undone; the next starts from valid records again.
            await restore(root, before);
            memory?.saw(changedPaths(after, before));
            continue;
          }
          const [got, want] = [await readTree(warm.outDir), await readTree(join(root, `clean-${i}`))];
          expect([...got.keys()], edit.what).toEqual([...want.keys()]);
          for (const [path, bytes] of want)
            expect(got.get(path)?.equals(bytes), `${edit.what}: ${path}`).toBe(true);
          await rm(join(root, `clean-${i}`), { recursive: true });
        }
        await rm(root, { recursive: true, force: true });
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
}
