import { copyFileSync, linkSync } from "node:fs";

/**
 * Puts `source` at `to` as a second link to the same file where the file system allows it (no
 * bytes read or written: an archived edition's ~27,000 kept files cost what writing them did, a
 * third of Publish's build, issue 57), else as a copy. Only for a file the build keeps itself and
 * never changes in place (edition-outputs.ts): both names show one file. GitHub Pages' artifact
 * holds no links; upload-pages-artifact tars with `--hard-dereference`, which stores each as the
 * file it is (docs/editions.md). `links.off` once a link was refused across file systems, so the
 * rest are copied without asking again.
 */
export function linkOrCopy(source: string, to: string, links: { off: boolean }): void {
  if (!links.off)
    try {
      return linkSync(source, to);
    } catch (error) {
      // Another file system, or one without links (EPERM, ENOTSUP), or a file linked too often (EMLINK).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP")
        links.off = true;
      else if (code !== "EMLINK") throw error;
    }
  copyFileSync(source, to);
}
