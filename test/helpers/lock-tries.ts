import { watch } from "node:fs";

/**
 * Resolves once this process has tried `times` times to take the lock of a folder in `parent`
 * (each try links a file `.<name>.lock-<pid>-…` of its own, seen here as it is made): no clock.
 */
export function lockTries(parent: string, times: number): Promise<void> {
  const seen = new Set<string>();
  const watcher = watch(parent);
  return new Promise<void>((resolve) => {
    watcher.on("change", (_, name) => {
      if (String(name).includes(`.lock-${process.pid}-`)) seen.add(String(name));
      if (seen.size < times) return;
      watcher.close();
      resolve();
    });
  });
}
