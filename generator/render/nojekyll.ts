import { TEXT_TYPE, type DocumentKind } from "./shared/document.ts";

/** Keeps GitHub Pages from running Jekyll, which would drop `.well-known/` and rewrite `.md` files. */
export const noJekyll: DocumentKind = {
  name: "nojekyll",
  path: ".nojekyll",
  mediaType: TEXT_TYPE,
  description: "Turns off Jekyll on GitHub Pages.",
  render: () => [{ path: ".nojekyll", body: "" }],
};
