import { appendFile, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRecord } from "../../generator/github/intake/build-record.ts";
import { issueForms } from "../../generator/load/forms/issue-forms.ts";
import { check } from "../../generator/pipeline.ts";
import { buildSite } from "../helpers/build-site.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/** A project's `license`: one optional field, added through its schema, shown everywhere it belongs. */
describe("a project's licence", () => {
  it("is published in projects.json after repo, shown on its page and card, and null when not given", async () => {
    const root = await fixtureRoot();
    await appendFile(join(root, "records/projects/alpha-bot.yaml"), "license: MIT OR Apache-2.0\n");
    const out = await buildSite(root, "https://example.org/");
    const { data } = JSON.parse(await readFile(join(out, "api/projects.json"), "utf8")) as {
      data: Array<Record<string, unknown>>;
    };
    const alpha = data.find((p) => p.slug === "alpha-bot")!;
    expect(alpha.license).toBe("MIT OR Apache-2.0");
    expect(Object.keys(alpha).indexOf("license")).toBe(Object.keys(alpha).indexOf("repo") + 1);
    expect(data.find((p) => p.slug === "beta-sim")!.license).toBeNull();
    const page = await readFile(join(out, "projects/alpha-bot.html"), "utf8");
    expect(page).toContain("<dt>Licence</dt><dd><bdi>MIT OR Apache-2.0</bdi></dd>");
    expect(await readFile(join(out, "projects/beta-sim.html"), "utf8")).not.toContain("Licence");
    const card = "Licence: <bdi>MIT OR Apache-2.0</bdi>";
    expect(await readFile(join(out, "projects/index.html"), "utf8")).toContain(card);
    // The search's files of cards hold the same card.
    const files = (await readdir(join(out, "search/projects"))).filter((name) => name.startsWith("cards-"));
    const cards = await Promise.all(
      files.map((name) => readFile(join(out, "search/projects", name), "utf8")),
    );
    expect(cards.join("")).toContain(card);
  });

  it("must be an SPDX identifier or expression", async () => {
    const root = await fixtureRoot();
    await appendFile(join(root, "records/projects/alpha-bot.yaml"), "license: MIT; see LICENSE\n");
    const errors = (await check({ root })).diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.file, d.rule])).toEqual([
      ["records/projects/alpha-bot.yaml", "invalid-value"],
    ]);
  });

  it("is asked by the project forms and becomes the record's field", () => {
    const forms = issueForms({ tracks: [{ id: "sim", name: "Simulation" }], robots: [] });
    const submit = forms.find((f) => f.kind === "submit-project")!;
    expect(submit.fields.find((f) => f.id === "license")).toMatchObject({ type: "input", required: false });
    const update = forms.find((f) => f.kind === "update-project")!;
    const current = "title: Alpha\nlicense: MIT\n";
    const built = buildRecord(update, { slug: "alpha", license: "Apache-2.0" }, "ada", () => current);
    expect(built).toMatchObject({ ok: true, text: "title: Alpha\nlicense: Apache-2.0\n" });
    const cleared = buildRecord(update, { slug: "alpha", license: "none" }, "ada", () => current);
    expect(cleared).toMatchObject({ ok: true, text: "title: Alpha\nlicense: null\n" });
  });
});
