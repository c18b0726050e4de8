import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignJudges, keyed, type AssignmentInput } from "../../generator/derive/judging-assignment.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

type Project = AssignmentInput["projects"][number];
type Judge = AssignmentInput["judges"][number];

const PEOPLE = ["ada", "Alan", "grace", "linus", "mei", "kofi"];
const TEAMS = ["team-a", "team-b", "team-c", "team-d"];
const TRACKS = ["sim", "hardware", "both"];
const PRIZES = [
  { id: "overall", track: null },
  { id: "sim-prize", track: "sim" },
  { id: "hw-prize", track: "hardware" },
];

const someOf = <T>(values: readonly T[]) => fc.subarray([...values], { maxLength: 3 });
const project = (lateUntil: fc.Arbitrary<number | null>): fc.Arbitrary<Project> =>
  fc.record({
    slug: fc.stringMatching(/^[a-z]{1,5}$/),
    track: fc.constantFrom(null, ...TRACKS),
    teamSlug: fc.constantFrom(null, ...TEAMS),
    members: someOf(PEOPLE),
    lateUntil,
  });
const judge: fc.Arbitrary<Judge> = fc.record({
  name: fc.stringMatching(/^[A-Z][a-z]{0,4}$/),
  github: fc.constantFrom(null, ...PEOPLE.map((p) => p.toUpperCase())),
  conflicts: fc.oneof(fc.constant([]), someOf([...TEAMS, "abc", "b"])),
  prizes: fc.oneof(fc.constant([]), fc.constant([]), someOf(PRIZES.map((p) => p.id))),
});
const input = (projects: fc.Arbitrary<Project[]>): fc.Arbitrary<AssignmentInput> =>
  fc.record({
    perProject: fc.integer({ min: 1, max: 4 }),
    seed: fc.option(fc.constantFrom("spring-tide-42", "x", "🌊 seed")),
    judges: fc.uniqueArray(judge, { selector: (j) => j.name, maxLength: 9 }),
    prizes: fc.constant(PRIZES),
    projects,
    teams: fc
      .tuple(...TEAMS.map(() => someOf(PEOPLE)))
      .map((members) => new Map(TEAMS.map((team, i) => [team, members[i]!]))),
  });
const projects = (lateUntil: fc.Arbitrary<number | null>) =>
  fc.uniqueArray(project(lateUntil), { selector: (p) => p.slug, maxLength: 30 });
const anyInput = input(projects(fc.option(fc.integer({ min: 1, max: 5 }))));

/** The rules of who may judge a project, written out again: no member of its teams, no conflict, their prizes' tracks. */
function mayJudge(input: AssignmentInput, j: Judge, p: Project): boolean {
  const people = [...p.members, ...(p.teamSlug ? input.teams.get(p.teamSlug)! : [])];
  if (j.github && people.some((name) => name?.toLowerCase() === j.github!.toLowerCase())) return false;
  if (j.conflicts.includes(p.slug) || (p.teamSlug && j.conflicts.includes(p.teamSlug))) return false;
  if (j.prizes.length === 0) return true;
  return PRIZES.some(
    (prize) => j.prizes.includes(prize.id) && (prize.track === null || prize.track === p.track),
  );
}

const judgesOf = (result: ReturnType<typeof assignJudges>, slug: string) =>
  result.judges.filter((j) => j.projects.includes(slug)).map((j) => j.name);

describe("assignJudges", () => {
  it("gives each project perProject judges who may judge it, or all of them and a shortfall", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = assignJudges(input);
        const short: typeof result.shortfall = [];
        for (const p of input.projects) {
          const may = input.judges.filter((j) => mayJudge(input, j, p)).length;
          expect(judgesOf(result, p.slug)).toHaveLength(Math.min(may, input.perProject));
          if (may < input.perProject) short.push({ project: p.slug, judges: may, wanted: input.perProject });
        }
        expect(new Set(result.shortfall.map((s) => s.project))).toEqual(new Set(short.map((s) => s.project)));
        expect([...result.shortfall].sort((a, b) => (a.project < b.project ? -1 : 1))).toEqual(
          short.sort((a, b) => (a.project < b.project ? -1 : 1)),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("never gives a judge a project of a team they are in, one they name as a conflict, or off their prizes' tracks", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = assignJudges(input);
        expect(result.judges.map((j) => j.name)).toEqual(input.judges.map((j) => j.name));
        result.judges.forEach(({ projects }, i) => {
          expect(new Set(projects).size).toBe(projects.length);
          for (const slug of projects)
            expect(
              mayJudge(
                input,
                input.judges[i]!,
                input.projects.find((p) => p.slug === slug)!,
              ),
            ).toBe(true);
        });
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("keeps the loads of judges who may judge the same projects within one", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = assignJudges(input);
        const classes = new Map<string, number[]>();
        input.judges.forEach((j, i) => {
          const key = input.projects.map((p) => (mayJudge(input, j, p) ? "1" : "0")).join("");
          classes.set(key, [...(classes.get(key) ?? []), result.judges[i]!.projects.length]);
        });
        for (const loads of classes.values())
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("spreads an event without conflicts or sponsors evenly: 10 projects, 6 judges, 3 each → 5 each", () => {
    const judges = ["A", "B", "C", "D", "E", "F"].map((name) => ({
      name,
      github: null,
      conflicts: [],
      prizes: [],
    }));
    const projects = Array.from({ length: 10 }, (_, i) => ({
      slug: `p${i}`,
      track: null,
      teamSlug: null,
      members: ["someone"],
      lateUntil: null,
    }));
    const result = assignJudges({ perProject: 3, judges, prizes: [], projects, teams: new Map() });
    expect(result.judges.map((j) => j.projects.length)).toEqual([5, 5, 5, 5, 5, 5]);
    // Each judge has an order of their own, so they do not all queue at the same table first.
    expect(new Set(result.judges.map((j) => j.projects[0])).size).toBeGreaterThan(2);
    expect(result.shortfall).toEqual([]);
  });

  it("gives the same assignment for the same event, whatever order the projects are read in", () => {
    fc.assert(
      fc.property(anyInput, fc.nat(), (input, seed) => {
        const shuffled = [...input.projects].sort(
          (a, b) => ((a.slug.charCodeAt(0) * (seed + 7)) % 13) - ((b.slug.charCodeAt(0) * (seed + 7)) % 13),
        );
        const again = assignJudges({ ...input, projects: shuffled, teams: new Map(input.teams) });
        expect(again).toEqual(assignJudges(input));
        expect(JSON.stringify(again)).toBe(JSON.stringify(assignJudges(input)));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("adds a late project to the end of its judges' lists without moving any other project's judges", () => {
    fc.assert(
      fc.property(
        input(projects(fc.option(fc.integer({ min: 1, max: 5 })))),
        project(fc.integer({ min: 6, max: 9 })),
        (before, late) => {
          fc.pre(!before.projects.some((p) => p.slug === late.slug));
          const was = assignJudges(before);
          const now = assignJudges({ ...before, projects: [...before.projects, late] });
          now.judges.forEach((j, i) => {
            const old = was.judges[i]!.projects;
            expect(j.projects.slice(0, old.length)).toEqual(old);
            expect(j.projects.slice(old.length)).toEqual(j.projects.length > old.length ? [late.slug] : []);
          });
          expect(now.shortfall.filter((s) => s.project !== late.slug)).toEqual(was.shortfall);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("adds a project that arrived after the seed (an approved late one) to the end of lists, moving no other project's judges", () => {
    const arrived = (order: fc.Arbitrary<number | null>) =>
      fc
        .tuple(project(fc.option(fc.integer({ min: 1, max: 9 }))), order)
        .map(([p, at]) => ({ ...p, arrived: at }));
    fc.assert(
      fc.property(
        input(
          fc.uniqueArray(arrived(fc.option(fc.integer({ min: 0, max: 4 }))), {
            selector: (p) => p.slug,
            maxLength: 30,
          }),
        ),
        arrived(fc.integer({ min: 5, max: 9 })),
        (before, late) => {
          fc.pre(!before.projects.some((p) => p.slug === late.slug));
          const was = assignJudges(before);
          const now = assignJudges({ ...before, projects: [...before.projects, late] });
          now.judges.forEach((j, i) => {
            const old = was.judges[i]!.projects;
            expect(j.projects.slice(0, old.length)).toEqual(old);
            expect(j.projects.slice(old.length)).toEqual(j.projects.length > old.length ? [late.slug] : []);
          });
          expect(now.shortfall.filter((s) => s.project !== late.slug)).toEqual(was.shortfall);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("gives an approved late project, with no extension, its judges and leaves every other project's as they were", () => {
    const judges = ["Ada", "Bo", "Cy", "Di", "Ed"].map((name) => ({
      name,
      github: null,
      conflicts: [],
      prizes: [],
    }));
    const onTime = Array.from({ length: 12 }, (_, i) => ({
      slug: `p${i}`,
      track: null,
      teamSlug: null,
      members: [],
      lateUntil: null,
    }));
    const event = (projects: AssignmentInput["projects"]) =>
      assignJudges({
        perProject: 2,
        seed: "spring-tide-42",
        judges,
        prizes: PRIZES,
        projects,
        teams: new Map(),
      });
    const was = event(onTime);
    const late = { slug: "late-rover", track: null, teamSlug: "team-a", members: [], lateUntil: null };
    const now = event([...onTime, { ...late, arrived: 0 }]);
    expect(judgesOf(now, "late-rover")).toHaveLength(2);
    for (const p of onTime) expect(judgesOf(now, p.slug)).toEqual(judgesOf(was, p.slug));
    now.judges.forEach((j, i) =>
      expect(j.projects.slice(0, was.judges[i]!.projects.length)).toEqual(was.judges[i]!.projects),
    );
    // Handed out among the on-time projects, as before it arrived after the seed, it moves some.
    const among = event([...onTime, late]);
    expect(onTime.some((p) => judgesOf(among, p.slug).join() !== judgesOf(was, p.slug).join())).toBe(true);
  });

  it("hands out by the event's seed: another seed another assignment, the same seed the same", () => {
    const judges = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"].map((name) => ({
      name,
      github: null,
      conflicts: [],
      prizes: [],
    }));
    const projects = Array.from({ length: 12 }, (_, i) => ({
      slug: `p${i}`,
      track: null,
      teamSlug: null,
      members: [],
      lateUntil: null,
    }));
    const event = (seed: string | null) =>
      assignJudges({ perProject: 2, seed, judges, prizes: PRIZES, projects, teams: new Map() });
    const lists = (seed: string | null) => event(seed).judges.map((j) => [...j.projects].sort());
    expect(lists("spring-tide-42")).toEqual(lists("spring-tide-42"));
    expect(lists("spring-tide-42")).not.toEqual(lists(null));
    expect(lists("spring-tide-42")).not.toEqual(lists("spring-tide-43"));
    // Every judge still gets four, whatever the seed.
    expect(new Set(event("x").judges.map((j) => j.projects.length))).toEqual(new Set([4]));
  });

  it("adds an on-time project moving no judges of the projects handed out before it (by slug hash)", () => {
    fc.assert(
      fc.property(input(projects(fc.constant(null))), project(fc.constant(null)), (before, added) => {
        fc.pre(!before.projects.some((p) => p.slug === added.slug));
        const was = assignJudges(before);
        const now = assignJudges({ ...before, projects: [...before.projects, added] });
        for (const p of before.projects)
          if (keyed(before.seed, p.slug) < keyed(before.seed, added.slug))
            expect(judgesOf(now, p.slug)).toEqual(judgesOf(was, p.slug));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("hands a sponsor's judge only projects in their prizes' tracks, and every project for a prize without one", () => {
    const judges = [
      { name: "Sim Sponsor", github: null, conflicts: [], prizes: ["sim-prize"] },
      { name: "Overall Sponsor", github: null, conflicts: [], prizes: ["overall"] },
    ];
    const projects = ["sim", "hardware", null].map((track, i) => ({
      slug: `p${i}`,
      track,
      teamSlug: null,
      members: [],
      lateUntil: null,
    }));
    const result = assignJudges({ perProject: 2, judges, prizes: PRIZES, projects, teams: new Map() });
    expect(result.judges.map((j) => [j.name, [...j.projects].sort()])).toEqual([
      ["Sim Sponsor", ["p0"]],
      ["Overall Sponsor", ["p0", "p1", "p2"]],
    ]);
    expect(result.shortfall).toEqual([
      { project: "p1", judges: 1, wanted: 2 },
      { project: "p2", judges: 1, wanted: 2 },
    ]);
  });
});
