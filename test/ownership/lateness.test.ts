import { describe, expect, it } from "vitest";
import type { ChangedFile } from "../../generator/ownership/changed-file.ts";
import { lateness } from "../../generator/ownership/lateness.ts";

const EVENT = {
  timezone: "Europe/Berlin",
  deadlines: {
    registration: "2026-12-05T12:00:00+01:00",
    submission: "2026-12-06T14:00:00+01:00",
    extensions: [{ team: "gripper-gang", submission: "2026-12-06T15:00:00+01:00", reason: "Power cut" }],
  },
};
const at = (iso: string) => Date.parse(iso);
const PROJECT: ChangedFile = { path: "records/projects/swarm.yaml", status: "modified" };
const project = (teamSlug: string | null) => ({ title: "Swarm", teamSlug });

describe("lateness", () => {
  it("holds a project to its own team's deadline: moving it to a team with an extension gives no more time", () => {
    const moved = lateness(
      PROJECT,
      project("drone-dojo"),
      [project("gripper-gang")],
      EVENT,
      at("2026-12-06T13:30:00Z"),
    );
    expect(moved).toBe(
      "late: validated Sun 6 Dec 2026, 14:30 CET; submissions closed Sun 6 Dec 2026, 14:00 CET; an organiser may accept it by approving",
    );
    const own = lateness(
      PROJECT,
      project("gripper-gang"),
      [project("gripper-gang")],
      EVENT,
      at("2026-12-06T13:30:00Z"),
    );
    expect(own).toBeUndefined();
  });

  it("takes the earliest deadline when the head and the test merge name different teams", () => {
    const added: ChangedFile = { path: PROJECT.path, status: "added" };
    const late = lateness(
      added,
      undefined,
      [project("gripper-gang"), project(null)],
      EVENT,
      at("2026-12-06T13:30:00Z"),
    );
    expect(late).toMatch(/^late: .*; submissions closed Sun 6 Dec 2026, 14:00 CET;/);
  });

  it("is late for any governed change when GitHub has no run to date it by, and for an unreadable deadline", () => {
    expect(lateness(PROJECT, project(null), [project(null)], EVENT, undefined)).toMatch(
      /^late: GitHub has no Validate run for this commit to date it by; submissions closed/,
    );
    const broken = { ...EVENT, deadlines: { submission: "6 Dec, 2 pm" } };
    expect(lateness(PROJECT, project(null), [project(null)], broken, at("2026-01-01T00:00:00Z"))).toContain(
      "submissions (unreadable in records/event.yaml) closed",
    );
  });

  it("leaves open what no deadline governs: a team's other edits, deletions, an event without deadlines", () => {
    const team: ChangedFile = { path: "records/teams/drone-dojo.yaml", status: "modified" };
    const members = [{ name: "A", github: "a" }];
    const late = at("2026-12-07T09:00:00Z");
    expect(lateness(team, { members, about: "x" }, [{ members, about: "y" }], EVENT, late)).toBeUndefined();
    expect(lateness(team, { members }, [{ members: [...members, { name: "B" }] }], EVENT, late)).toMatch(
      /^late: /,
    );
    expect(lateness({ ...PROJECT, status: "removed" }, project(null), [], EVENT, late)).toBeUndefined();
    expect(lateness(PROJECT, project(null), [project(null)], { timezone: "UTC" }, late)).toBeUndefined();
  });
});
