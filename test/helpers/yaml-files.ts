import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Every `.yaml` or `.yml` file under `folder`, at any depth. */
export function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(folder, name));
}
