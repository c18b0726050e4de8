import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";
import { timed } from "./paired.ts";
import { writeSyntheticEvent, type SyntheticSize } from "./synthetic-event.ts";

/** Node's flags from an npm script (its young generation's size), so a command runs as npm runs it. */
export function nodeFlags(script: "build" | "dev"): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return manifest.scripts[script]!.split(" ").filter((word) => word.startsWith("--"));
}

/** A committed synthetic event in `root`, as CI checks one out: generatedAt then comes from git. */
export async function syntheticEvent(root: string, shape: SyntheticSize): Promise<string> {
  await writeSyntheticEvent(root, shape);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  // No background gc: it packs the 20,000 loose objects while the bench copies the folder.
  git("config", "gc.auto", "0");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-qm", "synthetic event");
  return root;
}

/** The event's records as the Hugo kit's content (its prep.mjs), in `content`. */
export function hugoContent(kit: string, root: string, content: string): string {
  execFileSync(process.execPath, [join(kit, "prep.mjs"), join(root, "records"), content], { cwd: REPO_ROOT });
  return content;
}

/** Our build and Hugo's, each in a fresh process, as the paired figures run them. */
export class Builders {
  /** The highest peak memory of our builds of the event (clean, first with a cache, one record changed, Publish's), in KiB. */
  peakKiB = 0;
  /** Files each build after one record changed wrote into the previous build's folder. */
  readonly writtenAfterOne: number[] = [];
  private edits = 0;
  private projectFiles?: string[];

  /**
   * Before a timed run on a disk: the previous run's writes and removals flushed (`sync`), so
   * neither tool pays for the other's write-back. Nothing to flush on tmpfs.
   */
  private settle(out: string) {
    if (!out.startsWith("/dev/shm/")) execFileSync("sync");
  }

  /** One of our builds, `build-once.mjs` as `npm run build` runs; its summary. */
  async ours(root: string, out: string, ...flags: string[]) {
    const run = await timed(process.execPath, [
      ...nodeFlags("build"),
      "compiled/bench/build-once.mjs",
      root,
      out,
      ...flags,
    ]);
    return { ms: run.ms, summary: JSON.parse(run.out) as { written: number; maxRssKiB: number } };
  }

  /** Our clean build (`--no-cache`) into an empty folder, as Hugo's runs get one and as CI builds. */
  clean(root: string, out: string) {
    return async () => {
      await rm(out, { recursive: true, force: true });
      this.settle(out);
      const run = await this.ours(root, out, "--no-cache");
      this.peakKiB = Math.max(this.peakKiB, run.summary.maxRssKiB);
      return run.ms;
    };
  }

  /**
   * Our build after one project's tagline changed, cache warm, into the folder the previous build
   * wrote (as a publish after one merged change builds); a different project each time.
   */
  oneChanged(root: string, out: string) {
    return async () => {
      await this.editOne(root);
      this.settle(out);
      const run = await this.ours(root, out);
      this.peakKiB = Math.max(this.peakKiB, run.summary.maxRssKiB);
      this.writtenAfterOne.push(run.summary.written);
      return run.ms;
    };
  }

  /**
   * What the Publish workflow does on a merge: one project's tagline changed, the record cache
   * restored (warm from the builds before), into a new folder. Its checkout's file times are all
   * new; the build trusts none, so this measures it too. `counted`: its peak is the event's (not
   * so for an event with an archived edition, twice the records of the goal's 10,000 + 10,000).
   */
  publish(root: string, out: string, counted = true) {
    return async () => {
      await this.editOne(root);
      await rm(out, { recursive: true, force: true });
      this.settle(out);
      const run = await this.ours(root, out);
      if (counted) this.peakKiB = Math.max(this.peakKiB, run.summary.maxRssKiB);
      return run.ms;
    };
  }

  /** Our first build with a cache (empty, so it fills it), into `out`; its peak counts. */
  async firstCached(root: string, out: string): Promise<void> {
    const run = await this.ours(root, out);
    this.peakKiB = Math.max(this.peakKiB, run.summary.maxRssKiB);
  }

  /** Changes one project's tagline, a different project each time. */
  private async editOne(root: string): Promise<void> {
    const edit = this.edits++;
    const folder = join(root, "records/projects");
    this.projectFiles ??= readdirSync(folder).sort();
    const file = join(folder, this.projectFiles[(edit * 13) % this.projectFiles.length]!);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace(/^tagline: (.*)$/m, `tagline: Changed for the benchmark ${edit}.`));
  }

  /** Hugo's build of the kit into an empty folder. */
  hugo(kit: string, content: string, out: string) {
    return async () => {
      await rm(out, { recursive: true, force: true });
      this.settle(out);
      const args = [
        "--source",
        kit,
        "--contentDir",
        content,
        "--destination",
        out,
        "--noBuildLock",
        "--quiet",
      ];
      return (await timed("hugo", args)).ms;
    };
  }
}
