import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { formFiles } from "../../load/forms/form-files.ts";
import type { Rule } from "../rule.ts";

/**
 * The issue forms are written from the schemas and the event by `npm run forms`. A form that
 * differs (a track renamed in records/event.yaml, a hand edit) would offer what the records no
 * longer take, so it is refused at its first differing line with the command that fixes it.
 */
export const formsCurrent: Rule = {
  name: "forms-current",
  description:
    "The issue forms in .github/ISSUE_TEMPLATE/ are what `npm run forms` writes from the schemas and the event.",
  check({ event, forms }) {
    if (!forms || !event || event.data === undefined) return [];
    return formFiles(event.data).flatMap(({ file, text }): Diagnostic[] => {
      const committed = forms.get(file);
      const want = text.split("\n");
      const have = committed?.split("\n") ?? [];
      const index = want.findIndex((line, i) => have[i] !== line);
      if (committed !== undefined && index < 0 && have.length === want.length) return [];
      const at = index < 0 ? want.length : index;
      const expected = want[at] ?? "the end of the file";
      const found = committed === undefined ? "no such file" : (have[at] ?? "the end of the file");
      return [
        {
          file,
          line: committed === undefined ? 1 : at + 1,
          column: 1,
          severity: "error",
          rule: "forms-current",
          message: `the issue form must be what npm run forms writes from the schemas and ${event.file} (found ${JSON.stringify(found)} where it writes ${JSON.stringify(expected)})`,
          expected,
          found,
          fix: `Run npm run forms and commit ${file}; change the form through the schemas or ${event.file}, never by hand.`,
        },
      ];
    });
  },
};
