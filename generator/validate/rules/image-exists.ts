import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { PUBLIC_DIR } from "../../load/list-assets.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";

/** The schema's image pattern: an https URL or a site-relative path without `..` or a leading `/`. */
const IMAGE = new RegExp(recordSchemas.project.properties.images.items.pattern);
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

export const imageExists: Rule = {
  name: "image-exists",
  description: `A site-relative image names a file under ${PUBLIC_DIR}/ that the site will publish.`,
  check({ projects, assets }) {
    // Loops, not nested flatMaps: this runs over every project at each `npm run dev` rebuild.
    const found: Diagnostic[] = [];
    for (const project of projects) {
      const images = list(field(project, "images"));
      for (let index = 0; index < images.length; index++) {
        const image = images[index];
        // Absolute URLs and malformed values are the schema's business.
        if (typeof image !== "string" || assets.has(image) || ABSOLUTE.test(image) || !IMAGE.test(image))
          continue;
        found.push(
          at(project, ["images", String(index)], {
            severity: "error",
            rule: "image-exists",
            message: `images[${index}] must be a file under ${PUBLIC_DIR}/ (found ${JSON.stringify(image)}, which does not exist)`,
            expected: `a file under ${PUBLIC_DIR}/`,
            found: `${JSON.stringify(image)}, which does not exist`,
            fix: `Add the file as ${PUBLIC_DIR}/${image} in the same pull request, or use an https:// URL.`,
          }),
        );
      }
    }
    return found;
  },
};
