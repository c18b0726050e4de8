import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
export const REPO = fileURLToPath(new URL("../../", import.meta.url));

const made: string[] = [];

/**
 * Removes the folders tempDir made: after each test file (test/helpers/after-each-file.ts, a setup
 * file). Not an afterAll here: test files share a worker's modules, so this module's top runs once
 * a worker, and only the worker's first file removed its folders (thousands an hour were left).
 */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Removes `dir` (a folder a helper makes again when it needs it) when the test file is done. */
export function removeAfterFile(dir: string): void {
  if (!made.includes(dir)) made.push(dir);
}

/** A fresh temporary folder, removed when the test file is done. */
export async function tempDir(prefix = "registry-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * A temporary project root holding a copy of `source` (default: the small valid fixture event), so
 * a test can add or break records without touching the repository.
 */
export async function fixtureRoot(source = join(FIXTURES, "valid")): Promise<string> {
  const root = await tempDir();
  await cp(source, root, { recursive: true });
  return root;
}

/**
 * The sample event as the repository ships it, frozen in test/fixtures/example/: the tests never
 * read the repository's own records/, which become an organiser's event after `npm run init`.
 */
export const EXAMPLE = join(FIXTURES, "example");

/** A temporary root holding the sample event's records and site, with the schemas. */
export async function exampleRoot(): Promise<string> {
  const root = await tempDir();
  await cp(join(EXAMPLE, "records"), join(root, "records"), { recursive: true });
  // The schemas are the code's, not the event's: the checkout's own.
  await cp(join(REPO, "records/schemas"), join(root, "records/schemas"), { recursive: true });
  await cp(join(EXAMPLE, "site"), join(root, "site"), { recursive: true });
  return root;
}

/**
 * A copy of the valid fixture event with one more record: `fixture` is `<kind>/<name>` under
 * `corpus` (`teams/x.yaml`, `projects/x.yaml`, or `event/x.yaml`, which replaces the event).
 */
export async function rootWithRecord(
  corpus: string,
  fixture: string,
): Promise<{ root: string; file: string }> {
  const root = await fixtureRoot();
  const [kind, name] = fixture.split("/") as [string, string];
  const file = kind === "event" ? "records/event.yaml" : `records/${kind}/${name}`;
  await cp(join(corpus, fixture), join(root, file));
  return { root, file };
}
