import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { PUBLIC_DIR } from "../../load/list-assets.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { KeptFindings } from "../kept-findings.ts";

const kept = new KeptFindings();

/** The schema's image pattern: an https URL or a site-relative path without `..` or a leading `/`. */
const IMAGE = new RegExp(recordSchemas.project.properties.images.items.pattern);
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

export const imageExists: Rule = {
  name: "image-exists",
  description: `A site-relative image (a project's images, the event's logo, a judge's photo, a host's logo) names a file under ${PUBLIC_DIR}/ that the site will publish.`,
  check({ event, projects, assets }) {
    // Loops, not nested flatMaps: this runs over every project at each `npm run dev` rebuild.
    const all: Diagnostic[] = [];
    let found = all;
    const missing = (record: RecordFile, path: string[], label: string, image: unknown, or: string) => {
      // Absolute URLs and malformed values are the schema's business.
      if (typeof image !== "string" || assets.has(image) || ABSOLUTE.test(image) || !IMAGE.test(image))
        return;
      found.push(
        at(record, path, {
          severity: "error",
          rule: "image-exists",
          message: `${label} must be a file under ${PUBLIC_DIR}/ (found ${JSON.stringify(image)}, which does not exist)`,
          expected: `a file under ${PUBLIC_DIR}/`,
          found: `${JSON.stringify(image)}, which does not exist`,
          fix:
            fromRoot(image, assets) ??
            `Add the file as ${PUBLIC_DIR}/${image} in the same pull request${or}.`,
        }),
      );
    };
    if (event) {
      missing(event, ["logo"], "logo", field(event, "logo"), ", or set logo to null");
      // A judge's photo and a host's logo are images of the site like the event's own logo.
      for (const [key, image] of [
        ["judges", "photo"],
        ["hosts", "logo"],
      ] as const)
        list(field(event, key)).forEach((item, i) =>
          missing(
            event,
            [key, String(i), image],
            `${key}[${i}].${image}`,
            (item as Record<string, unknown> | null)?.[image],
            ", use an https:// URL, or set it to null",
          ),
        );
    }
    // Each project's findings kept with it while the site's files are the same (kept-findings.ts),
    // keyed by their names as JSON: joined by "\n", two lists (a name may hold a line break) were one.
    const findings = kept.with(JSON.stringify([...assets]));
    for (const project of projects) {
      const own = findings.of(project, (into) => {
        found = into;
        const images = list(field(project, "images"));
        for (let index = 0; index < images.length; index++)
          missing(
            project,
            ["images", String(index)],
            `images[${index}]`,
            images[index],
            ", or use an https:// URL",
          );
      });
      for (const d of own) all.push(d);
    }
    return all;
  },
};

/** `site/public/images/a.png` names from the repository's root a file the site names `images/a.png`. */
function fromRoot(image: string, assets: ReadonlySet<string>): string | undefined {
  const inside = image.startsWith(`${PUBLIC_DIR}/`) ? image.slice(PUBLIC_DIR.length + 1) : undefined;
  if (inside === undefined) return undefined;
  return assets.has(inside)
    ? `Write it as ${JSON.stringify(inside)}: an image is named from inside ${PUBLIC_DIR}/.`
    : `Write it as ${JSON.stringify(inside)} (an image is named from inside ${PUBLIC_DIR}/), and add the file as ${image} in the same pull request.`;
}
