import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Every file under `dir` (dotfiles included) as path → bytes, for byte-for-byte comparisons. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const abs = join(entry.parentPath, entry.name);
    files.set(abs.slice(dir.length + 1), await readFile(abs));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every file under `dir` as path → SHA-256, for comparing large trees quickly. */
export async function treeDigest(dir: string): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const [path, bytes] of await readTree(dir))
    digest[path] = createHash("sha256").update(bytes).digest("hex");
  return digest;
}
