import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import { FORMS_DIR } from "./forms/form-files.ts";
import { FORM_KINDS } from "./forms/form-texts.ts";
import { realFolder } from "./real-folder.ts";

/**
 * The intake's issue forms as committed, by path, for the rule that holds them to the event.
 * Undefined when the repository has no forms folder: an event may do without the intake.
 */
export async function loadForms(root: string): Promise<ReadonlyMap<string, string> | undefined> {
  if (realFolder(root, FORMS_DIR) !== "folder") return undefined;
  const forms = new Map<string, string>();
  for (const kind of FORM_KINDS) {
    const file = `${FORMS_DIR}/${kind}.yml`;
    // A link is never followed (real-folder.ts says why): it reads as a form that is not there.
    const stats = await lstat(join(root, file)).catch(() => undefined);
    if (stats?.isFile()) forms.set(file, await readFile(join(root, file), "utf8"));
  }
  return forms;
}
