import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { recordSchemas } from "../../../generator/contract/record-schemas.ts";
import { eventChoices, FORMS_DIR } from "../../../generator/load/forms/form-files.ts";
import { FORM_KINDS, issueForms } from "../../../generator/load/forms/issue-forms.ts";
import { REPO } from "../../helpers/fixture-root.ts";

const raw = (kind: string) =>
  parse(readFileSync(join(REPO, FORMS_DIR, `${kind}.yml`), "utf8")) as {
    name: string;
    description: string;
    labels: string[];
    body: Array<{ type: string; id?: string; attributes: Record<string, unknown> }>;
  };
const event = parse(readFileSync(join(REPO, "records/event.yaml"), "utf8")) as {
  tracks: Array<{ id: string; name: string }>;
  robots: Array<{ name: string }>;
};
const forms = issueForms(eventChoices(event));

describe("the issue forms", () => {
  it("are GitHub issue forms: name, description, one intake label, and every field with a stable id, label and help", () => {
    expect(forms.map((f) => f.kind)).toEqual(FORM_KINDS);
    const labels = new Set<string>();
    for (const kind of FORM_KINDS) {
      const form = raw(kind);
      expect(form.name && form.description, kind).toBeTruthy();
      expect(form.labels, kind).toHaveLength(1);
      labels.add(form.labels[0]!);
      const ids = new Set<string>();
      for (const element of form.body) {
        expect(["markdown", "input", "textarea", "dropdown"], kind).toContain(element.type);
        if (element.type === "markdown") continue;
        expect(element.id, kind).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(ids.has(element.id!), `${kind}: ${element.id} twice`).toBe(false);
        ids.add(element.id!);
        expect(element.attributes.label, `${kind}.${element.id}`).toBeTruthy();
        expect(element.attributes.description, `${kind}.${element.id}`).toBeTruthy();
        if (element.type === "dropdown") {
          const options = element.attributes.options as string[];
          expect(new Set(options).size, `${kind}.${element.id}`).toBe(options.length);
        }
      }
    }
    expect(labels.size).toBe(FORM_KINDS.length);
  });

  it("offer exactly the event's tracks and robots", () => {
    const tracks = event.tracks.map((t) => `${t.name} (${t.id})`);
    const options = (kind: string, id: string) =>
      forms.find((f) => f.kind === kind)!.fields.find((f) => f.id === id)!.options;
    expect(options("submit-project", "track")).toEqual(["No track", ...tracks]);
    expect(options("update-project", "track")).toEqual(["No change", "No track", ...tracks]);
    expect(options("update-team", "lookingForMembers")).toEqual(["No change", "Yes", "No"]);
    expect(options("submit-project", "robots")).toEqual(event.robots.map((r) => r.name));
  });

  it("state the schema's limits in their help", () => {
    const { common, team, project } = recordSchemas;
    const limits: Array<[string, string, number]> = [
      ["register-team", "name", common.$defs.shortText.maxLength],
      ["register-team", "yourName", common.$defs.shortText.maxLength],
      ["register-team", "skillsWanted", common.$defs.tag.maxLength],
      ["register-team", "skillsWanted", team.properties.skillsWanted.maxItems],
      ["register-team", "about", team.properties.about.maxLength],
      ["register-team", "contact", team.properties.contact.maxLength],
      ["register-team", "members", team.properties.members.maxItems - 1],
      ["update-team", "members", team.properties.members.maxItems],
      ["submit-project", "title", common.$defs.shortText.maxLength],
      ["submit-project", "tagline", project.properties.tagline.maxLength],
      ["submit-project", "description", project.properties.description.maxLength],
      ["submit-project", "images", project.properties.images.maxItems],
      ["submit-project", "robots", project.properties.robots.maxItems],
      ["submit-project", "repo", common.$defs.nullableHttpUrl.maxLength],
      ["submit-project", "builtWith", project.properties.builtWith.items.maxLength],
      ["submit-project", "builtWith", project.properties.builtWith.maxItems],
      ["submit-project", "demo", common.$defs.nullableHttpUrl.maxLength],
      ["update-project", "tagline", project.properties.tagline.maxLength],
      ["update-project", "team", project.properties.team.maxItems],
    ];
    for (const [kind, id, limit] of limits) {
      const element = raw(kind).body.find((e) => e.id === id)!;
      expect(String(element.attributes.description).toLowerCase(), `${kind}.${id}`).toContain(
        `at most ${limit.toLocaleString("en")}`,
      );
    }
  });

  it("ask what the schema requires on a create form, and nothing but the slug on an update form", () => {
    const required = (kind: string) =>
      raw(kind)
        .body.filter((e) => (e as { validations?: { required?: boolean } }).validations?.required)
        .map((e) => e.id);
    // The people list is the schema's, but the author is added to it, so the others may be none.
    expect(required("register-team")).toEqual(["name", "lookingForMembers", "yourName"]);
    expect(required("submit-project")).toEqual(["title", "tagline", "description", "yourName"]);
    expect(required("update-team")).toEqual(["slug"]);
    expect(required("update-project")).toEqual(["slug"]);
  });

  it("quote Yes and No, which GitHub's YAML 1.1 would read as booleans", () => {
    expect(readFileSync(join(REPO, FORMS_DIR, "register-team.yml"), "utf8")).toContain(
      '        - "Yes"\n        - "No"\n',
    );
  });
});
