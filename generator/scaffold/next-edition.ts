import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import editionSchema from "../contract/edition.schema.json" with { type: "json" };
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { oneLine } from "../diagnostics/format-line.ts";
import { PUBLIC_DIR } from "../load/list-assets.ts";
import { deriveSite } from "../pipeline.ts";
import { EDITION_FILE, EDITIONS_DIR } from "../load/list-editions.ts";
import { byCodeUnits } from "../code-unit-order.ts";
import { ENTRY_FOLDERS, EVENT_FILE, recordPath } from "../record-layout.ts";
import { reservedRootNames } from "../render/reserved-slugs.ts";
import { SAMPLE_FOLDERS } from "./sample-files.ts";

/** What `--next-edition` adds to init's plan: the current edition copied under editions/<id>/. */
export interface EditionArchive {
  id: string;
  /** Files copied byte for byte, `from` the root `to` editions/<id>/…, both relative to the root. */
  copies: Array<{ from: string; to: string }>;
  /** What leaves the root for the archive: the teams, the projects, the images. */
  removals: string[];
  /** editions/<id>/edition.json. */
  writes: Map<string, string>;
  done: string[];
  /**
   * Why the edition looks archived before its end (not over yet, no winners), and what its archive
   * then shows (over and closed before its dates, no winners), for the checklist: each says only
   * what holds, so an edition with its winners archived before its end date is not said to have none.
   */
  early?: { why: string; shows: string };
}

const HANDBOOK_DIR = "site/handbook";
const ID = editionSchema.properties.id;
const ID_SHAPE = new RegExp(ID.pattern);

/**
 * Works out, writing nothing, how the current edition is archived as it is under
 * `editions/<id>/` (docs/editions.md): its event, teams, projects, handbook and site/public
 * copied with the same paths, the teams, projects and images then leaving the root (init's
 * sample folders), and edition.json dating it as its last build did — computed here, before
 * anything moves, by the pipeline itself, since git dates a moved file by the commit that moves
 * it. An edition that does not build is not archived: its problems are returned instead.
 */
export async function planArchive(
  root: string,
  {
    edition,
    env = process.env,
    now = Date.now,
  }: { edition?: string | undefined; env?: NodeJS.ProcessEnv; now?: () => number } = {},
): Promise<{ ok: true; archive: EditionArchive } | { ok: false; diagnostics: Diagnostic[] }> {
  // A given id is judged before the edition is built, so a refusal comes at once.
  if (edition !== undefined) await checkId(root, edition, true);
  const derived = await deriveSite({ root, env, baseUrl: "http://localhost/" });
  if (!derived.ok) return derived;
  const { model } = derived;
  const id = edition ?? model.event.startDate.slice(0, 4);
  if (edition === undefined) await checkId(root, id, false);
  const base = `${EDITIONS_DIR}/${id}`;
  const moved = new Set(SAMPLE_FOLDERS);
  const archive: EditionArchive = { id, copies: [], removals: [], writes: new Map(), done: [] };
  const counts: string[] = [];
  for (const folder of [...Object.values(ENTRY_FOLDERS), HANDBOOK_DIR, PUBLIC_DIR]) {
    const files = await filesUnder(root, folder);
    archive.copies.push(...files.map((from) => ({ from, to: `${base}/${from}` })));
    if (files.length) counts.push(`${files.length} from ${folder}/`);
  }
  archive.copies.unshift({ from: EVENT_FILE, to: `${base}/${EVENT_FILE}` });
  for (const folder of moved) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    archive.removals.push(...names.filter((n) => n !== ".gitkeep").map((n) => `${folder}/${n}`));
  }
  // Keyed by the record's path under the edition's folder, as the build looks them up.
  const dated: Array<[string, string]> = [];
  for (const kind of ["team", "project"] as const)
    for (const [slug, date] of model.updatedAt[kind === "team" ? "teams" : "projects"])
      dated.push([recordPath(kind, slug), date]);
  const sorted = Object.fromEntries(dated.sort(([a], [b]) => byCodeUnits(a, b)));
  const manifest = { id, generatedAt: model.generatedAt, recordDates: sorted };
  archive.writes.set(`${base}/${EDITION_FILE}`, `${JSON.stringify(manifest, null, 2)}\n`);
  archive.done.push(
    `archived ${oneLine(JSON.stringify(model.event.name))} as it is in ${base}/: ${EVENT_FILE}, ${counts.join(", ")} (copied byte for byte; ${[...moved].join("/, ")}/ then emptied for the next edition)`,
    `wrote ${base}/${EDITION_FILE}: the edition's date (${model.generatedAt}) and its ${Object.keys(sorted).length} records' dates, as its last build had them`,
  );
  // An archive reads as over whatever its dates (derive/edition-phase.ts): one taken before its end
  // closes its registration and submissions early, and one taken before the awards has no winners.
  const today = new Date(now()).toISOString().slice(0, 10);
  const won = model.event.awards.some((a) => a.projects.length > 0);
  const ends = model.event.endDate >= today ? `it ends ${model.event.endDate}` : undefined;
  if (ends || !won)
    archive.early = {
      why: [ends, won ? undefined : "no award names a project yet"].filter(Boolean).join(" and "),
      shows: [
        ends ? "as over (registration and submissions closed, nothing counting down)" : undefined,
        won ? undefined : "with no winners",
      ]
        .filter(Boolean)
        .join(" and "),
    };
  return { ok: true, archive };
}

/**
 * Refuses an id that is no folder name of the rule, one the site already takes at its root (the
 * edition is published at /<id>/), and one an archived edition has: before anything is changed.
 */
async function checkId(root: string, id: string, given: boolean): Promise<void> {
  const from = given ? `--edition ${oneLine(JSON.stringify(id))}` : `the edition id ${id} (startDate's year)`;
  const fix = `nothing was changed. Fix: pass --next-edition --edition <id> with another id, lowercase words joined by hyphens (such as ${/^\d{4}$/.test(id) ? `${id}-2` : "2026-spring"})`;
  if (!ID_SHAPE.test(id) || id.length > ID.maxLength)
    throw new Error(
      `${from}: expected lowercase letters and digits in words joined by hyphens, at most ${ID.maxLength} characters, found ${id.length > ID.maxLength ? `${id.length} characters` : "other characters"}: ${fix}`,
    );
  const publicNames = await readdir(join(root, PUBLIC_DIR)).catch(() => [] as string[]);
  // The series' own list is at /editions/, whichever document publishes it.
  if (id === EDITIONS_DIR || reservedRootNames(publicNames).has(id))
    throw new Error(
      `${from}: the site already uses /${id}/ at its root${publicNames.includes(id) ? ` (${PUBLIC_DIR}/${id})` : ""}, and an edition is published at /<id>/: ${fix}`,
    );
  if (existsSync(join(root, EDITIONS_DIR, id)))
    throw new Error(
      `${from}: ${EDITIONS_DIR}/${id}/ already holds an archived edition (running --next-edition twice in one year, or its id taken by hand): ${fix}`,
    );
}

/**
 * Every file under `folder` (relative paths from the root, in name order), `.gitkeep` aside; none
 * when it is missing. A link is refused: the archive copies files, never what a link points at.
 */
async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = `${folder}/${join(entry.parentPath, entry.name).slice(join(root, folder).length + 1)}`;
    if (entry.isSymbolicLink())
      throw new Error(
        `${path} is a symbolic link: the archive copies files, never through a link, and nothing was changed. Fix: replace it with the file itself, then run again`,
      );
    if (entry.isFile() && entry.name !== ".gitkeep") files.push(path);
  }
  return files.sort();
}

/**
 * What is left to do once --next-edition has archived `id` and made the next event. `made`: the
 * files init wrote where none was (the sample folders' `.gitkeep`), which the undo line removes
 * with the archive: `git restore` of the folders init writes in (records, site, .github) brings back
 * what it changed or removed, never takes away what it added, and leaves the organiser's edits
 * elsewhere (a plain `git restore .` would drop them); a `git clean` of whole folders would take an
 * organiser's own new files too.
 */
export function nextEditionChecklist(
  id: string,
  early?: EditionArchive["early"],
  made: readonly string[] = [],
): string[] {
  const added = [`${EDITIONS_DIR}/${id}`, ...made.filter((p) => !p.startsWith(`${EDITIONS_DIR}/`))];
  return [
    ...(early
      ? [
          `[ ] Archived early: ${early.why}, and /${id}/ shows the edition ${early.shows}. To keep it running instead, undo it before committing (git restore -- records site .github && git clean -fd -- ${added.join(" ")}: what init added), then run this again after the awards.`,
        ]
      : []),
    `[ ] Commit the archive and the next event together (git add ${EDITIONS_DIR} records site .github, then commit and push): Publish then serves the old edition at /${id}/, redirects its old addresses there, and lists it at /editions/.`,
    `[ ] Images the next event keeps (a host's logo): copy them back from ${EDITIONS_DIR}/${id}/site/public/images/ to site/public/images/.`,
    "[ ] Edit records/event.yaml (venue, schedule, hosts, judging) and the handbook in site/handbook/ for the next edition.",
    `[ ] ${EDITIONS_DIR}/ is read-only for participants (their pull requests there need an organiser); its records are checked with the current schemas, so a schema change that breaks an old edition fails the build, naming the file: docs/editions.md.`,
  ];
}
