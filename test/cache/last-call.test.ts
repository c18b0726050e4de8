import { describe, expect, it } from "vitest";
import { assignJudges, type AssignmentInput } from "../../generator/derive/judging-assignment.ts";
import { lastCall, samePlain } from "../../generator/cache/last-call.ts";

const input = (): AssignmentInput => ({
  perProject: 2,
  seed: "spring-tide-42",
  judges: [
    { name: "Ada", github: "ada", conflicts: [], prizes: [] },
    { name: "Kofi", github: null, conflicts: ["team-b"], prizes: [] },
    { name: "Mei", github: "mei", conflicts: [], prizes: [] },
  ],
  prizes: [{ id: "overall", track: null }],
  projects: ["p-1", "p-2", "p-3", "p-4"].map((slug, i) => ({
    slug,
    track: "sim",
    teamSlug: i % 2 ? "team-b" : "team-a",
    members: ["grace"],
    lateUntil: null,
    arrived: null,
  })),
  teams: new Map([
    ["team-a", ["linus"]],
    ["team-b", ["ada", null]],
  ]),
});

describe("lastCall", () => {
  it("gives the last output again, unmade, for an input equal to the last (new objects, same values)", () => {
    let made = 0;
    const assign = lastCall((i: AssignmentInput) => (made++, assignJudges(i)));
    const first = assign(input());
    expect(assign(input())).toBe(first);
    expect(made).toBe(1);
  });

  // Each change anywhere in the input, down to a Map's array, makes the assignment again.
  const changes: Array<[string, (i: AssignmentInput) => AssignmentInput]> = [
    ["perProject", (i) => ({ ...i, perProject: 1 })],
    ["the seed", (i) => ({ ...i, seed: null })],
    [
      "a judge's conflicts",
      (i) => ({ ...i, judges: [i.judges[0]!, { ...i.judges[1]!, conflicts: [] }, i.judges[2]!] }),
    ],
    [
      "a project's members",
      (i) => ({ ...i, projects: [{ ...i.projects[0]!, members: ["mei"] }, ...i.projects.slice(1)] }),
    ],
    [
      "a project arriving late",
      (i) => ({ ...i, projects: [{ ...i.projects[0]!, arrived: 0 }, ...i.projects.slice(1)] }),
    ],
    ["a project fewer", (i) => ({ ...i, projects: i.projects.slice(1) })],
    ["a team's member in the Map", (i) => ({ ...i, teams: new Map([...i.teams, ["team-a", ["mei"]]]) })],
  ];
  for (const [what, change] of changes)
    it(`makes it again when ${what} changed, as a fresh call would`, () => {
      let made = 0;
      const assign = lastCall((i: AssignmentInput) => (made++, assignJudges(i)));
      const first = assign(input());
      const changed = assign(change(input()));
      expect(made).toBe(2);
      expect(changed).not.toBe(first);
      expect(changed).toEqual(assignJudges(change(input())));
      // And back: the last call is the changed one, so the first input is made again too.
      expect(assign(input())).toEqual(first);
      expect(made).toBe(3);
    });
});

describe("samePlain", () => {
  const same: Array<[unknown, unknown]> = [
    [
      { a: [1, "x", null], b: new Map([["k", [true]]]) },
      { b: new Map([["k", [true]]]), a: [1, "x", null] },
    ],
    [[], []],
    ["text", "text"],
  ];
  for (const [a, b] of same)
    it(`holds ${JSON.stringify(a)} the same as its copy`, () => expect(samePlain(a, b)).toBe(true));

  // Never the same: what differs, and what is not plain data (made again rather than trusted).
  const differ: Array<[string, unknown, unknown]> = [
    ["a nested value", { a: [1, 2] }, { a: [1, 3] }],
    ["a key more", { a: 1 }, { a: 1, b: undefined }],
    ["a key each", { a: undefined }, { b: undefined }],
    ["a Map's value", new Map([["k", 1]]), new Map([["k", 2]])],
    ["a Map's key", new Map([["k", 1]]), new Map([["j", 1]])],
    ["an array and an object", [1], { 0: 1 }],
    ["null and an object", null, {}],
    ["dates", new Date(0), new Date(0)],
    ["NaN", Number.NaN, Number.NaN],
  ];
  for (const [what, a, b] of differ) it(`tells ${what} apart`, () => expect(samePlain(a, b)).toBe(false));
});
