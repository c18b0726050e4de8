import { ENTRY_FOLDERS, entryKindOf, slugOf } from "../record-layout.ts";
import { seedCommit } from "./arrivals-after-seed.ts";
import { blobsAt } from "./blobs-at.ts";
import { gitAnswer } from "./git-answer.ts";
import { versionData } from "./version-data.ts";

/** What a project's table is chosen by: its track and its demo's needs. */
export interface TableFields {
  track: string | null;
  needs: string[];
}

/**
 * The track and needs each project changed since `judging.seed` was set had then, by slug: the
 * tables were handed out from those, so a project that asks for power after the seed keeps
 * everyone else where they were and moves alone (derive/table-assignment.ts). Only projects whose
 * file was there at the seed's commit and differs now (committed or not) are read: one `git diff`
 * and one `git cat-file --batch`. No seed, no git, or a seed not yet committed: an empty map; a
 * git that is here and fails rejects with GitFailed (git-answer.ts).
 */
export async function tablesAtSeed(
  root: string,
  seed: string | null | undefined,
  /** The seed's commit when the caller has asked already (the build asks once for both readers). */
  seedAt?: Promise<string | undefined>,
): Promise<Map<string, TableFields>> {
  const fields = new Map<string, TableFields>();
  if (!seed) return fields;
  const from = await (seedAt ?? seedCommit(root, seed));
  if (from === undefined) return fields;
  const folder = ENTRY_FOLDERS.project;
  // Against the working tree, so `npm run dev` sees a save before it is committed; `--raw` names
  // each file's object at the seed, read by its id: one git cannot read fails, it is never skipped.
  const changed = await gitAnswer(root, [
    "diff",
    "-z",
    "--raw",
    "--no-abbrev",
    "--no-renames",
    "--diff-filter=M",
    "--relative",
    from,
    "--",
    `${folder}/`,
  ]);
  // `:<mode> <mode> <old id> <new id> M\0<path>\0` for each file.
  const answer = (changed ?? "").split("\0");
  const files: Array<{ file: string; oid: string }> = [];
  for (let i = 0; i + 1 < answer.length; i += 2) {
    const oid = answer[i]!.split(" ")[2];
    const file = answer[i + 1]!;
    if (oid && entryKindOf(file) === "project") files.push({ file, oid });
  }
  const texts = await blobsAt(
    root,
    files.map((f) => f.oid),
  );
  files.forEach(({ file }, i) => {
    const read = fieldsOf(file, texts[i]);
    if (read) fields.set(slugOf(file), read);
  });
  return fields;
}

/**
 * A project record's track and needs at the seed, read as every record is (version-data.ts);
 * undefined when that version does not read. It was refused then as now, so no build at the seed
 * gave it a table: it is handed out from what it is today, as one unchanged.
 */
function fieldsOf(file: string, text: string | undefined): TableFields | undefined {
  if (text === undefined) return undefined;
  const read = versionData(file, text);
  if (!("data" in read)) return undefined;
  // A record's data is a mapping (parse-record.ts); its fields are checked here as they are used.
  const { track, needs } = read.data as { track?: unknown; needs?: unknown };
  return {
    track: typeof track === "string" ? track : null,
    needs: Array.isArray(needs) ? needs.filter((n): n is string => typeof n === "string") : [],
  };
}
