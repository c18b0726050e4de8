import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { FIXTURES, fixtureRoot, rootWithRecord } from "../helpers/fixture-root.ts";

/** Each negative fixture breaks one thing; it is dropped into a copy of the valid fixture event. */
const cases: Array<{
  fixture: string;
  file: string;
  line: number;
  column: number;
  rule: string;
  severity?: string;
  message: string;
}> = [
  {
    fixture: "projects/project-track-invalid.yaml",
    file: "records/projects/project-track-invalid.yaml",
    line: 7,
    column: 8,
    rule: "project-track",
    message: 'track must be one of sim, hardware, both or null (found "hw")',
  },
  {
    // 220 characters: it validated, then Report refused the artifact naming it.
    fixture: `teams/team-slug-too-long-${"abcdefghij-".repeat(18)}end.yaml`,
    file: `records/teams/team-slug-too-long-${"abcdefghij-".repeat(18)}end.yaml`,
    line: 1,
    column: 1,
    rule: "slug-length",
    message:
      "file name must be a slug of at most 80 characters, as it becomes the record's URL (found 220 characters)",
  },
  {
    fixture: "projects/project-yaml-syntax.yaml",
    file: "records/projects/project-yaml-syntax.yaml",
    line: 1,
    column: 1,
    rule: "yaml-syntax",
    message:
      "`title`'s value opens a quote (') that nothing closes, so YAML reads every line after it as part of the value (found 'Broken quote)",
  },
  {
    fixture: "projects/project-duplicate-key.yaml",
    file: "records/projects/project-duplicate-key.yaml",
    line: 4,
    column: 1,
    rule: "yaml-duplicate-key",
    message: 'each key must appear once per mapping (found "title" twice)',
  },
  {
    fixture: "projects/project-unknown-field.yaml",
    file: "records/projects/project-unknown-field.yaml",
    line: 4,
    column: 1,
    rule: "unknown-field",
    message:
      'field "vidoe" is not allowed in a project record; expected one of title, tagline, track, robots, builtWith, description, video, demo, needs, images, repo, license, team, teamSlug, formerSlugs (found "vidoe")',
  },
  {
    fixture: "projects/project-wrong-type.yaml",
    file: "records/projects/project-wrong-type.yaml",
    line: 4,
    column: 9,
    rule: "wrong-type",
    message: 'robots must be a list of robot names (found "SO-100 arm")',
  },
  {
    fixture: "projects/project-missing-field.yaml",
    file: "records/projects/project-missing-field.yaml",
    line: 1,
    column: 1,
    rule: "missing-field",
    message:
      "tagline is required: expected a one-line summary of at most 280 characters (found no tagline field)",
  },
  {
    fixture: "projects/Project_Bad_Slug.yaml",
    file: "records/projects/Project_Bad_Slug.yaml",
    line: 1,
    column: 1,
    rule: "slug-format",
    message:
      'file name must be lowercase words joined by hyphens, such as project-bad-slug.yaml (found "Project_Bad_Slug.yaml")',
  },
  {
    fixture: "projects/alpha-bot.yml",
    file: "records/projects/alpha-bot.yml",
    line: 1,
    column: 1,
    rule: "not-a-record",
    message: 'a record file must be named <slug>.yaml (found "alpha-bot.yml", which is never read)',
  },
  {
    fixture: "projects/project-team-slug-unknown.yaml",
    file: "records/projects/project-team-slug-unknown.yaml",
    line: 6,
    column: 11,
    rule: "project-team-slug",
    message: 'teamSlug must be the slug of a team in records/teams/ or null (found "alpha-teem")',
  },
  {
    fixture: "projects/project-url-scheme.yaml",
    file: "records/projects/project-url-scheme.yaml",
    line: 4,
    column: 7,
    rule: "invalid-value",
    message: 'repo must be an absolute http:// or https:// URL, or null (found "javascript:alert(1)")',
  },
  {
    fixture: "projects/project-demo-scheme.yaml",
    file: "records/projects/project-demo-scheme.yaml",
    line: 4,
    column: 7,
    rule: "invalid-value",
    message: 'demo must be an absolute http:// or https:// URL, or null (found "javascript:alert(1)")',
  },
  {
    fixture: "projects/project-built-with-long.yaml",
    file: "records/projects/project-built-with-long.yaml",
    line: 6,
    column: 5,
    rule: "invalid-value",
    message: "builtWith[1] must be at most 30 characters (found 37 characters)",
  },
  {
    // The forms read a "Built with" answer as comma-separated tags: a comma inside one would split it.
    fixture: "projects/project-built-with-comma.yaml",
    file: "records/projects/project-built-with-comma.yaml",
    line: 5,
    column: 5,
    rule: "invalid-value",
    message:
      'builtWith[0] must be a tag of at most 30 characters, without commas, line breaks or spaces at either end, such as ROS 2 (found "ROS 2, Python")',
  },
  {
    fixture: "projects/project-built-with-repeated.yaml",
    file: "records/projects/project-built-with-repeated.yaml",
    line: 5,
    column: 3,
    rule: "invalid-value",
    message: 'builtWith must be a list without repeats (found "PyTorch" twice)',
  },
  {
    fixture: "projects/project-image-missing.yaml",
    file: "records/projects/project-image-missing.yaml",
    line: 5,
    column: 5,
    rule: "image-exists",
    message: 'images[0] must be a file under site/public/ (found "images/nope.svg", which does not exist)',
  },
  {
    fixture: "teams/team-github-handle-invalid.yaml",
    file: "records/teams/team-github-handle-invalid.yaml",
    line: 5,
    column: 13,
    rule: "invalid-value",
    message:
      'members[0].github must be a GitHub user name (letters, digits and single hyphens, at most 39 characters, no @) or null (found "@dee dee")',
  },
  {
    fixture: "event/event-expo-too-few-tables.yaml",
    file: "records/event.yaml",
    line: 39,
    column: 5,
    rule: "expo-tables-enough",
    message: "expo.areas must have 2 tables for the 2 projects (found 1 table)",
  },
  {
    fixture: "event/event-expo-area-track-unknown.yaml",
    file: "records/event.yaml",
    line: 43,
    column: 14,
    rule: "expo-area-track",
    message: 'expo.areas[1].track must be one of sim, hardware, both or null (found "hardwear")',
  },
  {
    fixture: "event/event-expo-area-name-twice.yaml",
    file: "records/event.yaml",
    line: 41,
    column: 13,
    rule: "expo-area-names",
    message:
      'expo.areas[1].name must differ from every other area\'s name (found "hall a", read as hall-a like "Hall A")',
  },
  {
    fixture: "event/event-expo-fixed-table-twice.yaml",
    file: "records/event.yaml",
    line: 42,
    column: 14,
    rule: "expo-fixed-tables",
    message:
      'judging.tables[1].table must name a table no other project is placed at (found "Table 2", where "alpha-bot" is placed already)',
  },
  {
    fixture: "event/event-track-duplicate.yaml",
    file: "records/event.yaml",
    line: 22,
    column: 9,
    rule: "event-tracks-unique",
    message: 'tracks[2].id must be unique (found "sim" again)',
  },
  {
    fixture: "event/event-timezone-unknown.yaml",
    file: "records/event.yaml",
    line: 6,
    column: 11,
    rule: "event-timezone",
    message: 'timezone must be an IANA time-zone name such as Europe/Berlin (found "Mars/Olympus_Mons")',
  },
  {
    fixture: "event/event-award-project-unknown.yaml",
    file: "records/event.yaml",
    line: 39,
    column: 27,
    rule: "event-awards",
    message:
      'awards[0].projects[1] must be the slug of a project in records/projects/ (found "betta-sim", which is not one)',
  },
  {
    fixture: "event/event-accent-low-contrast.yaml",
    file: "records/event.yaml",
    line: 37,
    column: 14,
    rule: "event-accent-contrast",
    message: "accentColor must have a contrast of at least 4.5:1 with white (found #7fb3e6, 2.21:1)",
  },
  {
    // Without an offset the time is the reading machine's: GitHub's runner and a reader disagree.
    fixture: "event/event-deadline-without-offset.yaml",
    file: "records/event.yaml",
    line: 38,
    column: 17,
    rule: "event-time-form",
    message:
      'deadlines.registration must be a date-time with its UTC offset, "2026-12-05T12:00:00+01:00" for 12:00 in Europe/Berlin (found "2026-12-05T12:00:00", a time without its offset)',
  },
  {
    fixture: "event/event-deadline-unknown-key.yaml",
    file: "records/event.yaml",
    line: 39,
    column: 3,
    rule: "unknown-field",
    message:
      'field "submision" is not allowed in deadlines; expected one of registration, submission, extensions (found "submision")',
  },
  {
    fixture: "event/event-registration-after-submission.yaml",
    file: "records/event.yaml",
    line: 38,
    column: 17,
    rule: "event-deadline-order",
    message:
      'deadlines.registration must be on or before deadlines.submission, 2026-12-06T14:00:00+01:00 (found "2026-12-06T15:00:00+01:00")',
  },
  {
    fixture: "event/event-extension-team-unknown.yaml",
    file: "records/event.yaml",
    line: 41,
    column: 13,
    rule: "event-deadline-extensions",
    message:
      'deadlines.extensions[0].team must be the slug of a team in records/teams/ (found "alpha-teem", which is not one)',
  },
  {
    // 13:00Z is 14:00 in Berlin: the same instant as the deadline it claims to extend.
    fixture: "event/event-extension-not-later.yaml",
    file: "records/event.yaml",
    line: 42,
    column: 19,
    rule: "event-deadline-extensions",
    message:
      'deadlines.extensions[0].submission must be later than deadlines.submission, 2026-12-06T14:00:00+01:00 (found "2026-12-06T13:00:00Z", which is not later)',
  },
  {
    fixture: "event/event-extension-without-submission.yaml",
    file: "records/event.yaml",
    line: 41,
    column: 19,
    rule: "event-deadline-extensions",
    message:
      "deadlines.extensions[0].submission must extend deadlines.submission (found no deadlines.submission to extend)",
  },
  {
    fixture: "event/event-extension-team-twice.yaml",
    file: "records/event.yaml",
    line: 42,
    column: 13,
    rule: "event-deadline-extensions",
    message: 'deadlines.extensions[1].team must name a team once (found "alpha-team" again)',
  },
  {
    fixture: "event/event-deadline-outside-days.yaml",
    file: "records/event.yaml",
    line: 38,
    column: 17,
    rule: "event-deadline-days",
    severity: "warning",
    message:
      'deadlines.registration should fall on the event\'s days, 2026-12-05 to 2026-12-06 in Europe/Berlin (found "2026-11-30T23:59:00+01:00", on 2026-11-30)',
  },
  {
    fixture: "event/event-logo-missing.yaml",
    file: "records/event.yaml",
    line: 37,
    column: 7,
    rule: "image-exists",
    message: 'logo must be a file under site/public/ (found "images/logo.svg", which does not exist)',
  },
  {
    fixture: "event/event-prize-track-unknown.yaml",
    file: "records/event.yaml",
    line: 42,
    column: 12,
    rule: "event-prize-track",
    message: 'prizes[0].track must be one of sim, hardware, both or null (found "hardwear")',
  },
  {
    fixture: "event/event-prize-id-twice.yaml",
    file: "records/event.yaml",
    line: 41,
    column: 9,
    rule: "event-prize-ids",
    message: 'prizes[1].id must be unique (found "best-overall" again)',
  },
  {
    // An award names the prize it gives by the prize's id, so a typo would lose the prize.
    fixture: "event/event-award-prize-unknown.yaml",
    file: "records/event.yaml",
    line: 43,
    column: 12,
    rule: "event-award-prize",
    message: 'awards[0].prize must be the id of a prize in prizes (found "best-overal", which is not one)',
  },
  {
    fixture: "event/event-prize-count-zero.yaml",
    file: "records/event.yaml",
    line: 40,
    column: 12,
    rule: "invalid-value",
    message: "prizes[0].count must be a number >= 1 (found 0)",
  },
  {
    fixture: "event/event-judge-photo-missing.yaml",
    file: "records/event.yaml",
    line: 40,
    column: 12,
    rule: "image-exists",
    message:
      'judges[0].photo must be a file under site/public/ (found "images/judges/ada.svg", which does not exist)',
  },
  {
    // A photo over plain http would be a mixed-content image on the https site.
    fixture: "event/event-judge-photo-http.yaml",
    file: "records/event.yaml",
    line: 40,
    column: 12,
    rule: "invalid-value",
    message:
      'judges[0].photo must be an https:// URL or a site image such as images/judges/ada.svg, or null (found "http://example.org/ada.jpg")',
  },
  {
    // A sponsor's judge names the prizes they judge by id: an unknown one would leave them no projects.
    fixture: "event/event-judge-prize-unknown.yaml",
    file: "records/event.yaml",
    line: 45,
    column: 14,
    rule: "event-judge-prizes",
    message:
      'judges[0].prizes[0] must be the id of a prize in prizes (found "best-simulation", which is not one)',
  },
  {
    fixture: "event/event-judge-without-affiliation.yaml",
    file: "records/event.yaml",
    line: 38,
    column: 5,
    rule: "missing-field",
    message:
      "judges[0].affiliation is required: expected where the judge works or comes from, such as a lab or a company (found no affiliation field)",
  },
  {
    fixture: "event/event-host-logo-missing.yaml",
    file: "records/event.yaml",
    line: 17,
    column: 11,
    rule: "image-exists",
    message:
      'hosts[0].logo must be a file under site/public/ (found "images/hosts/fixture-host.svg", which does not exist)',
  },
  {
    fixture: "event/event-host-tier-unknown.yaml",
    file: "records/event.yaml",
    line: 16,
    column: 11,
    rule: "invalid-value",
    message: 'hosts[0].tier must be one of host, gold, silver, bronze, partner or null (found "platinum")',
  },
  {
    fixture: "teams/team-member-misindented.yaml",
    file: "records/teams/team-member-misindented.yaml",
    line: 5,
    column: 4,
    rule: "yaml-indentation",
    message:
      "`github` is indented 1 space less than `name` above it; line the keys of one member up (found `github` at column 4, `name` at column 5)",
  },
  {
    fixture: "team/team-in-wrong-folder.yaml",
    file: "records/team/team-in-wrong-folder.yaml",
    line: 1,
    column: 1,
    rule: "record-folder",
    message: "a team record must be in records/teams/ (found records/team/, which is not read)",
  },
  {
    fixture: "teams/team-former-slug-taken.yaml",
    file: "records/teams/team-former-slug-taken.yaml",
    line: 8,
    column: 5,
    rule: "former-slugs",
    message:
      'formerSlugs[1] must be a slug no other team has or had (found "beta-team", the slug of records/teams/beta-team.yaml)',
  },
  {
    // It validated, then the build stopped: "two documents claim teams/index.html".
    fixture: "teams/index.yaml",
    file: "records/teams/index.yaml",
    line: 1,
    column: 1,
    rule: "slug-reserved",
    message: 'the slug must not be a name the site uses in teams/ (found "index"; reserved: index, page)',
  },
  {
    fixture: "teams/team-former-slug-reserved.yaml",
    file: "records/teams/team-former-slug-reserved.yaml",
    line: 7,
    column: 5,
    rule: "slug-reserved",
    message:
      'formerSlugs[0] must not be a name the site uses in teams/ (found "page"; reserved: index, page)',
  },
  {
    // U+FFFF passed, and every subscriber's Atom feed stopped being well-formed XML.
    fixture: "teams/team-noncharacter.yaml",
    file: "records/teams/team-noncharacter.yaml",
    line: 1,
    column: 7,
    rule: "text-characters",
    message:
      "name must not contain control, text-direction or noncharacter code points (found U+FFFF, a noncharacter that XML cannot carry at character 14)",
  },
  {
    fixture: "projects/project-former-slug-own.yaml",
    file: "records/projects/project-former-slug-own.yaml",
    line: 10,
    column: 15,
    rule: "former-slugs",
    message:
      'formerSlugs[0] must be a slug no other project has or had (found "project-former-slug-own", this record\'s own slug)',
  },
  {
    fixture: "projects/project-robot-unknown.yaml",
    file: "records/projects/project-robot-unknown.yaml",
    line: 5,
    column: 5,
    rule: "project-robot-known",
    severity: "warning",
    message: `robots[0] should be one of the event's robots (SO-100 arm) (found "Spot")`,
  },
  {
    fixture: "teams/team-wrong-extension.yml",
    file: "records/teams/team-wrong-extension.yml",
    line: 1,
    column: 1,
    rule: "not-a-record",
    message:
      'a record file must be named <slug>.yaml (found "team-wrong-extension.yml", which is never read)',
  },
  {
    fixture: "projects/team-in-projects-folder.yaml",
    file: "records/projects/team-in-projects-folder.yaml",
    line: 1,
    column: 1,
    rule: "record-folder",
    message: "a team record must be in records/teams/ (found a team record in records/projects/)",
  },
  {
    fixture: "event/event-sample-organiser.yaml",
    file: "records/event.yaml",
    line: 37,
    column: 5,
    rule: "placeholders",
    severity: "warning",
    message: `organisers[1] should be your own (found the sample event's "ada-organiser")`,
  },
  {
    fixture: "teams/team-placeholder-name.yaml",
    file: "records/teams/team-placeholder-name.yaml",
    line: 4,
    column: 11,
    rule: "placeholders",
    severity: "warning",
    message: 'members[0].name should be your own (found the placeholder "Your name")',
  },
  {
    fixture: "teams/team-recruiting-no-skills.yaml",
    file: "records/teams/team-recruiting-no-skills.yaml",
    line: 2,
    column: 20,
    rule: "team-recruiting",
    severity: "warning",
    message:
      "skillsWanted should list at least one skill while lookingForMembers is true (found an empty list)",
  },
];

describe("validation fixtures", () => {
  it("the valid fixture event has no problems at all", async () => {
    const result = await check({ root: await fixtureRoot() });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  for (const c of cases) {
    it(`${c.fixture} → ${c.rule} at ${c.line}:${c.column}`, async () => {
      const result = await check({ root: (await rootWithRecord(join(FIXTURES, "invalid"), c.fixture)).root });
      expect(result.diagnostics).toHaveLength(1);
      const [d] = result.diagnostics;
      expect(d).toMatchObject({
        file: c.file,
        line: c.line,
        column: c.column,
        rule: c.rule,
        severity: c.severity ?? "error",
        message: c.message,
      });
      // Every diagnostic names what was expected and what was found.
      expect(d!.expected).toBeTruthy();
      expect(d!.found).toBeTruthy();
      expect(d!.message).toContain(`(found ${d!.found}`);
      expect(result.ok).toBe(c.severity === "warning");
    });
  }

  it("reports every problem of every file in one run", async () => {
    const root = await fixtureRoot();
    for (const c of cases.filter((c) => !c.fixture.startsWith("event/")))
      await cp(join(FIXTURES, "invalid", c.fixture), join(root, "records", c.fixture));
    const result = await check({ root });
    const got = result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule}`);
    for (const c of cases.filter((c) => !c.fixture.startsWith("event/")))
      expect(got).toContain(`${c.file}:${c.line}:${c.column} ${c.rule}`);
  });

  it("names the folder a record at the top of records/ belongs in, by its fields or else by both", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "records/soft-arm.yaml"), "title: Soft Arm\ntagline: x\n");
    await writeFile(join(root, "records/notes.yml"), "hello: world\n");
    const result = await check({ root });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.file, d.rule, d.message, d.fix])).toEqual([
      [
        "records/notes.yml",
        "record-folder",
        "a record must be in records/teams/ or records/projects/ (found records/, which is not read)",
        "Move it to records/teams/notes.yaml if it is a team, or records/projects/notes.yaml if it is a project.",
      ],
      [
        "records/soft-arm.yaml",
        "record-folder",
        "a project record must be in records/projects/ (found records/, which is not read)",
        "Move it to records/projects/soft-arm.yaml.",
      ],
    ]);
  });

  it("refuses a record that is a symbolic link, a directory or not UTF-8, without reading through it", async () => {
    const root = await fixtureRoot();
    await symlink("/etc/passwd", join(root, "records/teams/linked.yaml"));
    await mkdir(join(root, "records/teams/folder.yaml"));
    await writeFile(join(root, "records/projects/latin1.yaml"), Buffer.from("title: Caf\xe9\n", "latin1"));
    const result = await check({ root });
    expect(result.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.message])).toEqual([
      [
        "records/projects/latin1.yaml",
        1,
        11,
        "file-encoding",
        "record must be UTF-8 text (found byte 0xe9 that is not UTF-8)",
      ],
      ["records/teams/folder.yaml", 1, 1, "file-type", "record must be a regular file (found a directory)"],
      [
        "records/teams/linked.yaml",
        1,
        1,
        "file-type",
        "record must be a regular file (found a symbolic link)",
      ],
    ]);
  });

  it("refuses a former slug two records claim, on the second, and accepts one claimed once", async () => {
    const root = await fixtureRoot();
    const team = (name: string) =>
      `name: ${name}\nlookingForMembers: false\nmembers:\n  - { name: Ada, github: ada }\nformerSlugs: [grip-crew]\n`;
    await writeFile(join(root, "records/teams/gamma-team.yaml"), team("Gamma"));
    let result = await check({ root });
    expect(result.diagnostics).toEqual([]);
    await writeFile(join(root, "records/teams/delta-team.yaml"), team("Delta"));
    result = await check({ root });
    expect(result.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.found])).toEqual([
      [
        "records/teams/gamma-team.yaml",
        5,
        15,
        "former-slugs",
        '"grip-crew", a former slug of records/teams/delta-team.yaml',
      ],
    ]);
  });
});
