import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./helpers/fixture-root.ts";

describe("the README", () => {
  it("stays a short front door: at most 15 KB, depth in docs/", async () => {
    expect((await readFile(join(REPO, "README.md"))).length).toBeLessThanOrEqual(15_000);
  });

  it("and the licences: the code under MIT, in LICENSE and package.json, and name all three in the README", async () => {
    const licence = await readFile(join(REPO, "LICENSE"), "utf8");
    expect(licence.split("\n")[0]).toBe("MIT License");
    expect(licence).toContain("Permission is hereby granted, free of charge");
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8")) as { license?: string };
    expect(pkg.license).toBe("MIT");
    const readme = await readFile(join(REPO, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Licences"), readme.indexOf("## More"));
    for (const words of ["MIT", "CC BY 4.0", "belong to the people who submitted them"])
      expect(section).toContain(words);
  });

  it("tells organisers how to set deadlines, what is late, and how to grant an extension or accept a late change", async () => {
    const readme = await readFile(join(REPO, "README.md"), "utf8");
    const organisers = readme.slice(readme.indexOf("## For organisers"), readme.indexOf("## Commands"));
    const section = organisers.slice(organisers.indexOf("### Deadlines"));
    for (const words of [
      "`deadlines.registration`",
      "`deadlines.submission`",
      "`deadlines.extensions`",
      "a new team after registration",
      "never late",
      "Approve a late pull request",
    ])
      expect(section).toContain(words);
  });

  it("tells organisers what they see in the final hour, how the sweep catches up, and when to set up the App", async () => {
    const readme = await readFile(join(REPO, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### The final hour"), readme.indexOf("### Merging"));
    for (const words of [
      "250 pushes an hour",
      "**pending**",
      "**Sweep**",
      "From about 100 teams, set up the App",
    ])
      expect(section).toContain(words);
    const depth = await readFile(join(REPO, "docs/final-hour.md"), "utf8");
    for (const words of [
      "judged again by",
      "Actions → Sweep →",
      "Your jobs in the final hour",
      "source **any source**",
    ])
      expect(depth).toContain(words);
  });
});
