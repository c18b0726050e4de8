import { execFile } from "node:child_process";
import { GitFailed, firstLine } from "./git-answer.ts";
import { repositoryEnv } from "./repository-env.ts";

/**
 * Each blob named (by the object id git gave for a version: the event record at each commit,
 * say), read by one `git cat-file --batch` (one process, not one a version: their count grows with
 * every change to the event); undefined where it is not UTF-8 (the loader refuses such a file
 * unread) or not a file's contents. Its size and lines are versionData's to judge, before it
 * parses one. git named each object, so one it cannot read, a short answer, or a git that fails is
 * a GitFailed: never a version taken for absent.
 */
export function blobsAt(root: string, oids: readonly string[]): Promise<Array<string | undefined>> {
  if (!oids.length) return Promise.resolve([]);
  const command = "cat-file --batch";
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["cat-file", "--batch"],
      {
        cwd: root,
        encoding: "buffer",
        maxBuffer: 256 * 1024 * 1024,
        env: repositoryEnv({ LC_ALL: "C" }),
      },
      (error, out, stderr) => {
        if (error) return reject(new GitFailed(command, firstLine(stderr.toString()) || error.message));
        const texts: Array<string | undefined> = [];
        // Each answer: `<oid> <type> <size>\n<content>\n`, or `<oid> missing\n`.
        for (let at = 0; texts.length < oids.length;) {
          const end = out.indexOf(10, at);
          if (end < 0) break;
          const header = out.toString("utf8", at, end);
          const found = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
          if (!found) return reject(new GitFailed(command, `${header} (an object git named)`));
          at = end + 1;
          const size = Number(found[2]);
          if (at + size > out.length) break;
          texts.push(found[1] === "blob" ? recordText(out.subarray(at, at + size)) : undefined);
          at += size + 1;
        }
        if (texts.length < oids.length)
          return reject(new GitFailed(command, `answered ${texts.length} of ${oids.length} objects`));
        resolve(texts);
      },
    );
    // A git that stops early closes its input: the callback above tells that, not an EPIPE thrown here.
    child.stdin?.on("error", () => {});
    child.stdin?.end(oids.map((oid) => `${oid}\n`).join(""));
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A version's text, or undefined where it is not UTF-8 (read-record-file.ts refuses such a file). */
function recordText(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
