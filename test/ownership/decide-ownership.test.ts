import { describe, expect, it } from "vitest";
import type { ChangedFile } from "../../generator/ownership/changed-file.ts";
import { decideOwnership } from "../../generator/ownership/decide-ownership.ts";
import { gatherRecords } from "../../generator/ownership/gather-records.ts";

/** The base branch: one organiser, two teams, a project linked to a team and one that is not. */
const BASE: Record<string, string> = {
  "records/event.yaml": "name: Sprint\norganisers:\n  - Ada-Organiser\n",
  "records/teams/gripper-gang.yaml":
    "name: Gripper Gang\nmembers:\n  - name: Lena\n    github: lenafischer\n  - name: Sam\n    github: null\n",
  "records/teams/drone-dojo.yaml": "name: Drone Dojo\nmembers:\n  - name: Ines\n    github: inesduarte\n",
  "records/projects/soft-grasp.yaml":
    "title: Soft Grasp\nteam:\n  - name: Yuki\n    github: yukit\nteamSlug: gripper-gang\n",
  "records/projects/cable-tidy.yaml":
    "title: Cable Tidy\nteam:\n  - name: Jun\n    github: junpark\nteamSlug: null\n",
};

async function decide(
  author: string,
  files: ChangedFile[],
  head: Record<string, string>,
  extra: { changedFiles?: number; approvedBy?: string; noMerge?: string } = {},
  merge?: Record<string, string>,
) {
  const reads: string[] = [];
  const versions = await gatherRecords(
    files,
    async (side, path) => {
      reads.push(`${side}:${path}`);
      return (side === "base" ? BASE : side === "head" ? head : merge!)[path];
    },
    author,
    merge !== undefined,
  );
  const verdict = decideOwnership({ author, files, changedFiles: files.length, ...extra, ...versions });
  return { verdict, reads: reads.sort() };
}

const modified = (path: string): ChangedFile => ({ path, status: "modified" });
const added = (path: string): ChangedFile => ({ path, status: "added" });

describe("ownership", () => {
  const cases: Array<{
    name: string;
    author: string;
    files: ChangedFile[];
    head?: Record<string, string>;
    allowed: boolean;
    reason: string;
  }> = [
    {
      name: "a member edits their own team",
      author: "lenafischer",
      files: [modified("records/teams/gripper-gang.yaml")],
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      name: "a member's handle matches whatever its case",
      author: "LenaFischer",
      files: [modified("records/teams/gripper-gang.yaml")],
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      name: "a stranger edits another team",
      author: "mallory",
      files: [modified("records/teams/gripper-gang.yaml")],
      allowed: false,
      reason: "the base version does not list the author in members",
    },
    {
      name: "an author adds themself to someone else's roster",
      author: "mallory",
      files: [modified("records/teams/drone-dojo.yaml")],
      head: {
        "records/teams/drone-dojo.yaml": `${BASE["records/teams/drone-dojo.yaml"]}  - name: M\n    github: mallory\n`,
      },
      allowed: false,
      reason: "the base version does not list the author in members",
    },
    {
      name: "an author adds a new team listing themself",
      author: "newbie",
      files: [added("records/teams/new-team.yaml")],
      head: { "records/teams/new-team.yaml": "name: New\nmembers:\n  - name: N\n    github: newbie\n" },
      allowed: true,
      reason: "a new record that lists the author",
    },
    {
      name: "an author adds a new team that does not list them",
      author: "newbie",
      files: [added("records/teams/new-team.yaml")],
      head: { "records/teams/new-team.yaml": "name: New\nmembers:\n  - name: N\n    github: someone\n" },
      allowed: false,
      reason: "a new team must list its author in members",
    },
    {
      name: "a member of the linked team edits the team's project",
      author: "lenafischer",
      files: [modified("records/projects/soft-grasp.yaml")],
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      name: "a project's listed submitter edits it",
      author: "junpark",
      files: [modified("records/projects/cable-tidy.yaml")],
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      name: "a stranger points a project at their own team to take it over",
      author: "inesduarte",
      files: [modified("records/projects/cable-tidy.yaml")],
      head: { "records/projects/cable-tidy.yaml": "title: Cable Tidy\nteam: []\nteamSlug: drone-dojo\n" },
      allowed: false,
      reason: "the base version does not list the author in team (or the members of its teamSlug team)",
    },
    {
      name: "a member submits a new project for their team",
      author: "inesduarte",
      files: [added("records/projects/swarm.yaml")],
      head: { "records/projects/swarm.yaml": "title: Swarm\nteam: []\nteamSlug: drone-dojo\n" },
      allowed: true,
      reason: "a new record that lists the author",
    },
    {
      name: "an organiser edits anything",
      author: "ada-organiser",
      files: [
        modified("records/teams/gripper-gang.yaml"),
        modified("generator/pipeline.ts"),
        { path: "records/projects/cable-tidy.yaml", status: "removed" },
      ],
      allowed: true,
      reason: "the author is an organiser",
    },
    {
      name: "a pull request touching generator/",
      author: "lenafischer",
      files: [modified("generator/pipeline.ts")],
      allowed: false,
      reason: "changes outside records/teams/ and records/projects/ need an organiser",
    },
    {
      name: "a pull request touching the schemas",
      author: "lenafischer",
      files: [modified("records/schemas/team.schema.json")],
      allowed: false,
      reason: "changes outside records/teams/ and records/projects/ need an organiser",
    },
    {
      name: "a pull request touching the event",
      author: "lenafischer",
      files: [modified("records/event.yaml")],
      allowed: false,
      reason: "the event record needs an organiser",
    },
    {
      name: "a member edits their own team in an archived edition",
      author: "lenafischer",
      files: [modified("editions/2026/records/teams/gripper-gang.yaml")],
      allowed: false,
      reason:
        "editions/2026/records/teams/gripper-gang.yaml is part of the archived edition 2026, which is read-only: changing anything under editions/ needs an organiser",
    },
    {
      name: "a member adds a project to an archived edition, listing themself",
      author: "lenafischer",
      files: [added("editions/2026/records/projects/late.yaml")],
      head: { "editions/2026/records/projects/late.yaml": "title: Late\nteam: []\nteamSlug: gripper-gang\n" },
      allowed: false,
      reason:
        "editions/2026/records/projects/late.yaml is part of the archived edition 2026, which is read-only: changing anything under editions/ needs an organiser",
    },
    {
      name: "a member moves an archived record back into the current edition",
      author: "lenafischer",
      files: [
        {
          path: "records/teams/gripper-gang-2.yaml",
          status: "renamed",
          previousPath: "editions/2026/records/teams/gripper-gang.yaml",
        },
      ],
      allowed: false,
      reason:
        "editions/2026/records/teams/gripper-gang.yaml is part of the archived edition 2026, which is read-only: changing anything under editions/ needs an organiser",
    },
    {
      name: "a member adds a file beside the archived editions",
      author: "lenafischer",
      files: [added("editions/README.md")],
      allowed: false,
      reason:
        "editions/README.md is part of the archived editions' folder, which is read-only: changing anything under editions/ needs an organiser",
    },
    {
      name: "a member deletes their own published team",
      author: "lenafischer",
      files: [{ path: "records/teams/gripper-gang.yaml", status: "removed" }],
      allowed: false,
      reason: "deleting a published record removes its slug and needs an organiser",
    },
    {
      name: "a member renames their own published team",
      author: "lenafischer",
      files: [
        {
          path: "records/teams/grippers.yaml",
          status: "renamed",
          previousPath: "records/teams/gripper-gang.yaml",
        },
      ],
      head: { "records/teams/grippers.yaml": BASE["records/teams/gripper-gang.yaml"]! },
      allowed: false,
      reason: "renaming a published record changes its slug and needs an organiser",
    },
    {
      name: "a new project that lists its author attaches itself to someone else's team",
      author: "mallory",
      files: [added("records/projects/heist.yaml")],
      head: {
        "records/projects/heist.yaml":
          "title: H\nteam:\n  - name: M\n    github: mallory\nteamSlug: drone-dojo\n",
      },
      allowed: false,
      reason: "only a member of team drone-dojo may attach a project to it",
    },
    {
      name: "a project's own submitter moves it onto someone else's team",
      author: "junpark",
      files: [modified("records/projects/cable-tidy.yaml")],
      head: {
        "records/projects/cable-tidy.yaml":
          "title: Cable Tidy\nteam:\n  - name: Jun\n    github: junpark\nteamSlug: drone-dojo\n",
      },
      allowed: false,
      reason: "only a member of team drone-dojo may attach a project to it",
    },
    {
      name: "a project's submitter edits it, its team unchanged",
      author: "yukit",
      files: [modified("records/projects/soft-grasp.yaml")],
      head: {
        "records/projects/soft-grasp.yaml":
          "title: Softer Grasp\nteam:\n  - name: Yuki\n    github: yukit\nteamSlug: gripper-gang\n",
      },
      allowed: true,
      reason: "the base version lists the author",
    },
    {
      name: "an author adds a team and a project that joins it",
      author: "newbie",
      files: [added("records/teams/new-team.yaml"), added("records/projects/new-thing.yaml")],
      head: {
        "records/teams/new-team.yaml": "name: New\nmembers:\n  - name: N\n    github: newbie\n",
        "records/projects/new-thing.yaml": "title: T\nteam: []\nteamSlug: new-team\n",
      },
      allowed: true,
      reason: "a new record that lists the author",
    },
  ];

  it.each(cases)("$name", async ({ author, files, head, allowed, reason }) => {
    const { verdict } = await decide(author, files, head ?? BASE);
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.files.map((f) => f.reason)).toContain(reason);
    if (!allowed) expect(verdict.files.find((f) => f.reason === reason)?.allowed).toBe(false);
  });

  it("refuses formerSlugs the base version does not list, and keeps the ones it does", async () => {
    const gang = (former: string) => `${BASE["records/teams/gripper-gang.yaml"]}formerSlugs: [${former}]\n`;
    const file = "records/teams/gripper-gang.yaml";
    const squat = await decide("lenafischer", [modified(file)], { [file]: gang("drone-dojo-old") });
    expect(squat.verdict.files[0]).toMatchObject({
      allowed: false,
      reason: "new formerSlugs (drone-dojo-old) take over old addresses and need an organiser",
    });
    const keeping = gang("gripper-gang-old");
    BASE[file] = keeping;
    try {
      const kept = await decide("lenafischer", [modified(file)], { [file]: keeping });
      expect(kept.verdict.allowed).toBe(true);
    } finally {
      BASE[file] = BASE[file]!.replace("formerSlugs: [gripper-gang-old]\n", "");
    }
    const fresh = "records/teams/new-team.yaml";
    const added = await decide("lenafischer", [{ path: fresh, status: "added" }], {
      [fresh]: "name: New\nmembers:\n  - name: Lena\n    github: lenafischer\nformerSlugs: [old-team]\n",
    });
    expect(added.verdict.files[0]!.allowed).toBe(false);
  });

  it("judges every file, and one refused file refuses the pull request", async () => {
    const { verdict } = await decide(
      "lenafischer",
      [modified("records/teams/gripper-gang.yaml"), modified("records/teams/drone-dojo.yaml")],
      BASE,
    );
    expect(verdict).toEqual({
      author: "lenafischer",
      organiser: false,
      allowed: false,
      refusals: [],
      codeChanged: [],
      files: [
        {
          path: "records/teams/gripper-gang.yaml",
          status: "modified",
          allowed: true,
          reason: "the base version lists the author",
        },
        {
          path: "records/teams/drone-dojo.yaml",
          status: "modified",
          allowed: false,
          reason: "the base version does not list the author in members",
        },
      ],
    });
  });

  it("reads the base event, the touched records on both sides and the linked teams, nothing else", async () => {
    const { reads } = await decide(
      "x",
      [modified("records/projects/soft-grasp.yaml"), modified("site/handbook/x.md")],
      BASE,
    );
    expect(reads).toEqual([
      "base:records/event.yaml",
      "base:records/projects/soft-grasp.yaml",
      "base:records/teams/gripper-gang.yaml",
      "head:records/projects/soft-grasp.yaml",
    ]);
  });

  it("reads nothing but the event for an organiser, who may change anything", async () => {
    const { verdict, reads } = await decide(
      "ada-organiser",
      [modified("records/teams/gripper-gang.yaml")],
      BASE,
    );
    expect(reads).toEqual(["base:records/event.yaml"]);
    expect(verdict.allowed).toBe(true);
  });

  it("reads no record past 100 of them, and refuses each one unread", async () => {
    const files = Array.from({ length: 101 }, (_, i) => added(`records/teams/t${i}.yaml`));
    const { verdict, reads } = await decide("newbie", files, {});
    expect(reads).toEqual(["base:records/event.yaml"]);
    expect(verdict.allowed).toBe(false);
    expect(new Set(verdict.files.map((f) => [f.allowed, f.reason].join(" ")))).toEqual(
      new Set([
        "false not read: this pull request changes 101 records, and one changing over 100 needs an organiser",
      ]),
    );
  });

  it("refuses a file list GitHub cut short, unless an organiser made or approved the pull request", async () => {
    const files = [modified("records/teams/gripper-gang.yaml")];
    const cut = await decide("lenafischer", files, BASE, { changedFiles: 3001 });
    expect([cut.verdict.allowed, cut.verdict.refusals]).toEqual([
      false,
      ["GitHub listed 1 of the 3001 changed files, so the rest could not be checked"],
    ]);
    const approved = await decide("lenafischer", files, BASE, {
      changedFiles: 3001,
      approvedBy: "Ada-Organiser",
    });
    expect([
      approved.verdict.allowed,
      approved.verdict.approvedBy,
      approved.verdict.files[0]!.reason,
    ]).toEqual([true, "Ada-Organiser", "organiser Ada-Organiser approved this commit"]);
  });

  it("lists the changed paths the checks do not read as data, so Validate's word is not taken for them", async () => {
    const { verdict } = await decide(
      "ada-organiser",
      [
        modified("records/teams/gripper-gang.yaml"),
        modified("records/schemas/team.schema.json"),
        modified(".github/workflows/validate.yml"),
        modified("package-lock.json"),
        modified("site/handbook/50-faq.md"),
        { path: "generator/x.ts", status: "renamed", previousPath: "generator/y.ts" },
        // An archived edition is built as the root is: its records, site and manifest are data.
        modified("editions/2026/records/teams/gripper-gang.yaml"),
        modified("editions/2026/site/public/images/x.png"),
        modified("editions/2026/edition.json"),
        modified("editions/2026/records/schemas/team.schema.json"),
        modified("editions/2026/package.json"),
      ],
      BASE,
    );
    expect(verdict.codeChanged).toEqual([
      "records/schemas/team.schema.json",
      ".github/workflows/validate.yml",
      "package-lock.json",
      "generator/x.ts",
      "generator/y.ts",
      "editions/2026/records/schemas/team.schema.json",
      "editions/2026/package.json",
    ]);
  });

  it("treats an unreadable or hostile base record as listing nobody", async () => {
    const bomb = `a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nmembers: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n`;
    const versions = await gatherRecords([modified("records/teams/t.yaml")], async (side, path) =>
      side === "base" ? { "records/teams/t.yaml": bomb }[path] : "members: [{github: mallory}]",
    );
    expect(
      decideOwnership({
        author: "mallory",
        files: [modified("records/teams/t.yaml")],
        changedFiles: 1,
        ...versions,
      }).allowed,
    ).toBe(false);
    expect(versions.organisers).toEqual([]);
  });
});

describe("ownership judges what merges", () => {
  const TIDY = "records/projects/cable-tidy.yaml";
  const GANG = "records/teams/gripper-gang.yaml";
  const tidy = BASE[TIDY]!;

  it.each([
    [
      "a head with a key twice",
      `teamSlug: drone-dojo\n${tidy}`,
      `its version in this pull request does not parse (line 6: each key must appear once per mapping (found "teamSlug" twice)), so an organiser must review it`,
    ],
    [
      "a head over the size limit",
      `${tidy}description: "${"x".repeat(256 * 1024)}"\n`,
      "its version in this pull request is over 262144 bytes, so an organiser must review it",
    ],
    [
      "a head of more lines than a record may have",
      `${tidy}${"# x\n".repeat(13_000)}`,
      `its version in this pull request has ${tidy.split("\n").length + 12_999} lines (at most 12000), so an organiser must review it`,
    ],
    [
      "a head with a line longer than a record's",
      `${tidy}tagline: "${"x".repeat(40_000)}"\n`,
      `its version in this pull request has line ${tidy.split("\n").length} of 40011 characters (at most 32768), so an organiser must review it`,
    ],
    [
      "a head GitHub gives no text for",
      undefined,
      "its version in this pull request could not be read from GitHub, so an organiser must review it",
    ],
  ])("refuses %s, which would otherwise list nobody and link nothing", async (_, text, reason) => {
    const { verdict } = await decide("junpark", [modified(TIDY)], text === undefined ? {} : { [TIDY]: text });
    expect(verdict.files[0]).toMatchObject({ allowed: false, reason });
  });

  it("refuses a project whose test merge joins a team the author is not in, though its head does not", async () => {
    const head = { [TIDY]: tidy.replace("title: Cable Tidy", "title: Cable Tidier") };
    const merge = { [TIDY]: head[TIDY]!.replace("teamSlug: null", "teamSlug: drone-dojo") };
    expect((await decide("junpark", [modified(TIDY)], head, {}, head)).verdict.allowed).toBe(true);
    const { verdict, reads } = await decide("junpark", [modified(TIDY)], head, {}, merge);
    expect(verdict.files[0]).toMatchObject({
      allowed: false,
      reason: "in GitHub's test merge, only a member of team drone-dojo may attach a project to it",
    });
    expect(reads).toContain(`merge:${TIDY}`);
  });

  it("refuses formerSlugs that only the test merge adds, and a test merge that does not parse", async () => {
    const merge = { [GANG]: `${BASE[GANG]}formerSlugs: [drone-dojo-old]\n` };
    const squat = await decide("lenafischer", [modified(GANG)], BASE, {}, merge);
    expect(squat.verdict.files[0]!.reason).toBe(
      "in GitHub's test merge, new formerSlugs (drone-dojo-old) take over old addresses and need an organiser",
    );
    const broken = await decide("lenafischer", [modified(GANG)], BASE, {}, { [GANG]: "name: [\n" });
    expect(broken.verdict.files[0]!.reason).toMatch(
      /^its version in GitHub's test merge does not parse \(line \d+: .+\), so an organiser must review it$/,
    );
  });

  it("refuses the pull request when there is no test merge to judge, unless an organiser approved it", async () => {
    const noMerge = "the pull request has merge conflicts";
    const refused = await decide("lenafischer", [modified(GANG)], BASE, { noMerge });
    expect([refused.verdict.allowed, refused.verdict.refusals]).toEqual([false, [noMerge]]);
    const approved = await decide("lenafischer", [modified(GANG)], BASE, { noMerge, approvedBy: "ada" });
    expect(approved.verdict.allowed).toBe(true);
  });
});
