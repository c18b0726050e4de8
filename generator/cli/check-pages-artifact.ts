import { linksInArchive, missingFromArchive, notFilesIn } from "../publish/check-pages-artifact.ts";

/**
 * `check-pages-artifact.ts <artifact.tar> <dist>`: exit 1, naming the files, when the archive lacks
 * any, or holds a link (Pages refuses an artifact with links), or when `<dist>` holds a symbolic
 * link (the package stores what it points at).
 */
const [archive, outDir] = process.argv.slice(2);
if (!archive || !outDir) {
  console.error("usage: check-pages-artifact.ts <artifact.tar> <dist>");
  process.exit(2);
}
const missing = await missingFromArchive(archive, outDir);
if (missing.length > 0) {
  console.error(`The Pages artifact lacks ${missing.length} built files (is include-hidden-files on?):`);
  for (const path of missing) console.error(`  ${path}`);
  process.exit(1);
}
const links = await linksInArchive(archive);
if (links.length > 0) {
  console.error(
    `The Pages artifact holds ${links.length} links, which Pages refuses (tar them with --dereference --hard-dereference):`,
  );
  for (const link of links) console.error(`  ${link}`);
  process.exit(1);
}
const odd = await notFilesIn(outDir);
if (odd.length > 0) {
  console.error(
    `${outDir} holds ${odd.length} entries that are neither files nor folders, which the package stores as what they point at:`,
  );
  for (const path of odd) console.error(`  ${path}`);
  process.exit(1);
}
console.log(`The Pages artifact holds every file in ${outDir}, .well-known/ included.`);
