import { describe, expect, it } from "vitest";
import { assignJudges, type AssignmentInput } from "../../generator/derive/judging-assignment.ts";
import { lastCall } from "../../generator/cache/last-call.ts";

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
