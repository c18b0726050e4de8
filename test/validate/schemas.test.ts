import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import { ajv, validatorFor } from "../../generator/validate/schemas.ts";
import { parse } from "yaml";
import { FIXTURES } from "../helpers/fixture-root.ts";

/** The build's ajv does not check our schemas against the meta-schema (see schemas.ts); this does. */
describe("the record schemas", () => {
  it.each(Object.entries(recordSchemas))("%s is a valid JSON Schema 2020-12 document", (_, schema) => {
    const checker = new Ajv2020({ strict: true });
    expect(checker.validateSchema(schema), JSON.stringify(checker.errors)).toBe(true);
  });

  it("a schema that breaks the meta-schema is caught here", () => {
    const checker = new Ajv2020({ strict: true });
    expect(checker.validateSchema({ type: "object", required: "name" })).toBe(false);
  });

  it("the build's ajv still refuses a keyword it does not know (strict mode)", () => {
    expect(() => ajv.compile({ type: "object", propertys: {} })).toThrow(/unknown keyword/);
  });
});

describe("the event's deadlines", () => {
  const event = async (deadlines: unknown) => {
    const data = parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as Record<
      string,
      unknown
    >;
    return deadlines === undefined ? data : { ...data, deadlines };
  };

  it("take a time with Z or a +hh:mm offset, and fill what is left out with null and an empty list", async () => {
    const validate = validatorFor("event");
    for (const time of ["2026-12-06T14:00:00+01:00", "2026-12-06T13:00:00Z", "2026-12-06T13:00:00.5-05:00"]) {
      const data = await event({ submission: time });
      expect(validate(data), `${time}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(data.deadlines).toEqual({ registration: null, submission: time, extensions: [] });
    }
    const none = await event(undefined);
    expect(validate(none)).toBe(true);
    expect(none.deadlines).toEqual({ registration: null, submission: null, extensions: [] });
  });

  // ajv's date-time alone takes a space, a lower-case t or z, +0100 and +01; only one spelling is read the same everywhere.
  it.each([
    "2026-12-06T14:00:00",
    "2026-12-06 14:00:00+01:00",
    "2026-12-06t14:00:00+01:00",
    "2026-12-06T13:00:00z",
    "2026-12-06T14:00:00+0100",
    "2026-12-06T14:00:00+01",
    "2026-12-06T14:00+01:00",
    "2026-12-06",
  ])("refuse %s", async (time) => {
    const validate = validatorFor("event");
    const refused = async (deadlines: unknown) => {
      expect(validate(await event(deadlines))).toBe(false);
      return validate.errors!.map((e) => e.instancePath);
    };
    expect(await refused({ registration: time })).toContain("/deadlines/registration");
    expect(await refused({ extensions: [{ team: "alpha-team", submission: time }] })).toContain(
      "/deadlines/extensions/0/submission",
    );
  });

  it("refuse an unknown key, and an extension without its team or time", async () => {
    const validate = validatorFor("event");
    expect(validate(await event({ closes: "2026-12-06T14:00:00+01:00" }))).toBe(false);
    expect(validate(await event({ extensions: [{ team: "alpha-team" }] }))).toBe(false);
    expect(validate(await event({ extensions: [{ submission: "2026-12-06T15:00:00+01:00" }] }))).toBe(false);
    expect(
      validate(
        await event({
          extensions: [
            { team: "alpha-team", submission: "2026-12-06T15:00:00+01:00", reason: "x", note: "y" },
          ],
        }),
      ),
    ).toBe(false);
  });
});

describe("a project's builtWith and demo", () => {
  const project = (more: Record<string, unknown>) => ({
    title: "Alpha",
    tagline: "An arm.",
    description: "Sorts.",
    team: [{ name: "Ada" }],
    ...more,
  });

  it("take short tags and an http(s) link, and default to an empty list and null", () => {
    const validate = validatorFor("project");
    const tags = ["ROS 2", "C++", "Raspberry Pi 5", "Hugging Face Transformers", "ا٢"];
    const given = project({ builtWith: tags, demo: "https://demo.example.org/try?x=1" });
    expect(validate(given), JSON.stringify(validate.errors)).toBe(true);
    const bare = project({});
    expect(validate(bare)).toBe(true);
    expect(bare).toMatchObject({ builtWith: [], demo: null });
  });

  // A tag is one of a comma-separated form answer, trimmed: anything the form cannot give back is refused.
  it.each([[" ROS 2"], ["ROS 2 "], ["ROS\n2"], [""], ["x".repeat(31)], ["a,b"]])(
    "refuse the tag %j",
    (tag) => {
      const validate = validatorFor("project");
      expect(validate(project({ builtWith: [tag] }))).toBe(false);
      expect(validate.errors!.map((e) => e.instancePath)).toContain("/builtWith/0");
    },
  );

  it("refuse more than 20 tags, and a demo that is not an http(s) link", () => {
    const validate = validatorFor("project");
    const many = Array.from({ length: 21 }, (_, i) => `tag ${i}`);
    expect(validate(project({ builtWith: many }))).toBe(false);
    for (const demo of ["javascript:alert(1)", "ftp://demo.example.org/", "demo.example.org", "https://a@b/"])
      expect(validate(project({ demo })), demo).toBe(false);
  });
});

describe("the event's prizes, judges and hosts", () => {
  const event = async (extra: Record<string, unknown>) => ({
    ...(parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as Record<string, unknown>),
    ...extra,
  });

  it("fill what a prize, a judge, a host and an award leave out: a count of 1, and null", async () => {
    const validate = validatorFor("event");
    const data = await event({
      prizes: [{ id: "best-overall", name: "Best overall", description: "The best project." }],
      judges: [{ name: "Ada Byron", affiliation: "Engines Lab" }],
      hosts: [{ name: "Fixture Host" }],
      awards: [{ name: "Best overall", projects: ["alpha-bot"] }],
    });
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toMatchObject({
      prizes: [{ value: null, count: 1, track: null }],
      judges: [{ url: null, photo: null }],
      hosts: [{ url: null, tier: null, logo: null }],
      awards: [{ prize: null, description: null }],
    });
    const none = await event({});
    expect(validate(none)).toBe(true);
    expect([none.prizes, none.judges]).toEqual([[], []]);
  });

  it("take a photo or logo as an https URL or a site image, in one spelling", async () => {
    const validate = validatorFor("event");
    const judge = (photo: unknown) => event({ judges: [{ name: "Ada", affiliation: "Lab", photo }] });
    const host = (logo: unknown) => event({ hosts: [{ name: "Host", logo }] });
    for (const image of ["images/judges/ada.svg", "ada.png", "https://cdn.example.org/ada"]) {
      expect(validate(await judge(image)), image).toBe(true);
      expect(validate(await host(image)), image).toBe(true);
    }
    // A leading slash, a climb out of the site, a page that is not an image, http and data: are refused.
    for (const image of [
      "/images/judges/ada.svg",
      "../secrets/ada.svg",
      "images/../ada.svg",
      "images/ada.html",
      "http://example.org/ada.jpg",
      "data:image/svg+xml,<svg/>",
      "javascript:alert(1)//.svg",
      "https://example.org",
    ]) {
      expect(validate(await judge(image)), image).toBe(false);
      expect(validate(await host(image)), image).toBe(false);
    }
  });

  it("refuse a tier outside the fixed set, a count below 1 and an unknown key", async () => {
    const validate = validatorFor("event");
    for (const tier of ["platinum", "Gold", ""])
      expect(validate(await event({ hosts: [{ name: "Host", tier }] })), tier).toBe(false);
    for (const tier of ["host", "gold", "silver", "bronze", "partner", null])
      expect(validate(await event({ hosts: [{ name: "Host", tier }] })), String(tier)).toBe(true);
    const prize = { id: "p", name: "P", description: "D" };
    for (const bad of [{ count: 0 }, { count: 1.5 }, { value: "" }, { value: "a\nb" }, { amount: 5 }])
      expect(validate(await event({ prizes: [{ ...prize, ...bad }] })), JSON.stringify(bad)).toBe(false);
    expect(validate(await event({ judges: [{ name: "Ada", affiliation: "Lab", email: "a@b" }] }))).toBe(
      false,
    );
  });
});

describe("the event's judging and what judges judge", () => {
  const event = async (extra: Record<string, unknown>) => ({
    ...(parse(await readFile(join(FIXTURES, "valid/records/event.yaml"), "utf8")) as Record<string, unknown>),
    ...extra,
  });

  it("fill three judges a project, scores to 5, and a judge's null github and empty conflicts and prizes", async () => {
    const validate = validatorFor("event");
    const data = await event({ judges: [{ name: "Ada", affiliation: "Lab" }] });
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toMatchObject({
      judging: { perProject: 3, scale: 5 },
      judges: [{ github: null, conflicts: [], prizes: [] }],
    });
  });

  it("take whole numbers in range, a GitHub name without @, and slugs, each once", async () => {
    const validate = validatorFor("event");
    for (const judging of [{ perProject: 1, scale: 3 }, { perProject: 20, scale: 10 }, {}])
      expect(validate(await event({ judging })), JSON.stringify(judging)).toBe(true);
    for (const judging of [
      { perProject: 0 },
      { perProject: 21 },
      { perProject: 2.5 },
      { scale: 2 },
      { scale: 11 },
      { scale: "5" },
      { judges: 3 },
    ])
      expect(validate(await event({ judging })), JSON.stringify(judging)).toBe(false);
    const judge = (extra: Record<string, unknown>) =>
      event({ judges: [{ name: "Ada", affiliation: "Lab", ...extra }] });
    expect(
      validate(await judge({ github: "ada-b", conflicts: ["alpha-team", "beta-sim"], prizes: ["best-sim"] })),
    ).toBe(true);
    for (const bad of [
      { github: "@ada" },
      { github: "https://github.com/ada" },
      { conflicts: ["Alpha Team"] },
      { conflicts: ["alpha-team", "alpha-team"] },
      { prizes: "best-sim" },
      { prizes: ["best-sim", "best-sim"] },
    ])
      expect(validate(await judge(bad)), JSON.stringify(bad)).toBe(false);
  });
});
