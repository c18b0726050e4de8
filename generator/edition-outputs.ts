import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { CACHE_DIR, generatorKey } from "./cache/record-cache.ts";
import type { Asset } from "./load/list-assets.ts";
import type { Archived } from "./series.ts";

const LIST = "files.json";

/**
 * An archived edition's rendered files, kept between builds beside the record cache (which the
 * Publish workflow restores): an archive does not change, so Publish copies its pages instead of
 * rendering them again (issue 57: one archived edition may add at most 15 % to Publish's build).
 * Kept under the SHA-256 of the generator's code and schemas and of the edition's whole model (its
 * base URL, records, dates, handbook, the paths of its public files), so no input changes without
 * a new key. An archived edition's pages read of the series only that they are archived (layout's
 * footer): the other editions' changes leave its key as it is. A folder is complete once renamed
 * into place; anything else under `editions/` is never read. A failure only costs time.
 */
export class EditionOutputs {
  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {}

  static open(root: string, salt = generatorKey()): EditionOutputs {
    return new EditionOutputs(join(root, CACHE_DIR, "editions"), salt);
  }

  key({ id, model }: Archived): string {
    const inputs = { ...model, assets: model.assets.map((a) => a.path), series: { id } };
    const text = JSON.stringify(inputs, (_key, value: unknown) =>
      value instanceof Map ? [...(value as Map<unknown, unknown>)] : value,
    );
    return createHash("sha256").update(this.salt).update("\0").update(text).digest("hex");
  }

  /** The files kept for this key, as files to copy into the site under `<id>/`; undefined when none are. */
  kept(id: string, key: string): Asset[] | undefined {
    const folder = join(this.dir, id, key);
    try {
      const paths = JSON.parse(readFileSync(join(folder, LIST), "utf8")) as unknown;
      if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string" && safe(p))) return undefined;
      return (paths as string[]).map((path) => ({
        path: `${id}/${path}`,
        source: join(folder, "site", path),
      }));
    } catch {
      return undefined;
    }
  }

  /** Keeps the edition's files as the build wrote them into `outDir`, in place of any kept before. */
  keep(id: string, key: string, outDir: string, paths: readonly string[]): void {
    const temporary = join(this.dir, id, `.${key}.${process.pid}.tmp`);
    try {
      rmSync(temporary, { recursive: true, force: true });
      for (const path of paths) {
        const to = join(temporary, "site", path);
        mkdirSync(dirname(to), { recursive: true });
        copyFileSync(join(outDir, id, path), to);
      }
      writeFileSync(join(temporary, LIST), JSON.stringify(paths));
      for (const name of readdirSync(join(this.dir, id)))
        if (name !== key && !name.startsWith("."))
          rmSync(join(this.dir, id, name), { recursive: true, force: true });
      rmSync(join(this.dir, id, key), { recursive: true, force: true });
      renameSync(temporary, join(this.dir, id, key));
    } catch {
      // The next build renders the edition again.
      rmSync(temporary, { recursive: true, force: true });
    }
  }
}

/**
 * Which archived editions to render and which to copy from the files kept for them; `note` is told
 * each path rendered for an archived edition (series.ts), and `save` keeps them once the site is
 * written. `outputs` undefined (no record cache, or `npm run dev`, whose pages stay in memory): all
 * are rendered and nothing is kept.
 */
export function planArchived(archived: readonly Archived[], outputs: EditionOutputs | undefined) {
  const plans = archived.map((edition) => {
    const key = outputs?.key(edition);
    return { edition, key, kept: key === undefined ? undefined : outputs!.kept(edition.id, key) };
  });
  const fresh = plans.filter((p) => p.kept === undefined);
  const rendered = new Map(fresh.map((p) => [p.edition.id, [] as string[]]));
  return {
    render: fresh.map((p) => p.edition),
    copied: plans.flatMap((p) => p.kept ?? []),
    note: (id: string, path: string) => void rendered.get(id)?.push(path),
    save(outDir: string) {
      for (const { edition, key } of fresh)
        if (key !== undefined) outputs!.keep(edition.id, key, outDir, rendered.get(edition.id)!);
    },
  };
}

/** A site path as the writer writes them: relative, no way up. */
const safe = (path: string) => path !== "" && !path.startsWith("/") && !path.split("/").includes("..");
