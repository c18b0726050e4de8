import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest, oneOf } from "../words.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { KeptFindings } from "../kept-findings.ts";

const kept = new KeptFindings();

/** The tracks a project may name are the ones the event declares, so forks can add their own. */
export function eventTrackIds(event: Parameters<typeof field>[0]): string[] {
  return list(field(event, "tracks"))
    .map((track) => (track as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === "string");
}

export const projectTrack: Rule = {
  name: "project-track",
  description: "A project's track is one of the track ids in records/event.yaml, or null.",
  restatesSchema: true,
  check({ event, projects }) {
    const ids = eventTrackIds(event);
    // A track is often written by the name the site shows (`Hardware`, `Sim-to-real`): its id is meant.
    const byName = new Map(
      list(field(event, "tracks")).flatMap((track) => {
        const { id, name } = (track ?? {}) as { id?: unknown; name?: unknown };
        return typeof id === "string" && typeof name === "string" ? [[name.toLowerCase(), id] as const] : [];
      }),
    );
    if (ids.length === 0) return [];
    const expected = `one of ${oneOf([...ids, "null"])}`;
    // Each project's findings kept with it while the event's tracks are the same (kept-findings.ts).
    const findings = kept.with(JSON.stringify(field(event, "tracks")));
    const all: Diagnostic[] = [];
    const find = (project: (typeof projects)[number], found: Diagnostic[]) => {
      const track = field(project, "track");
      if (typeof track !== "string" || ids.includes(track)) return;
      const guess = byName.get(track.toLowerCase()) ?? closest(track, ids);
      found.push(
        at(project, ["track"], {
          severity: "error",
          rule: "project-track",
          message: `track must be ${expected} (found ${JSON.stringify(track)})`,
          expected,
          found: JSON.stringify(track),
          fix: guess
            ? `Write \`track: ${guess}\`: a track is named by its id in records/event.yaml.`
            : "Use a track id from records/event.yaml, or null.",
        }),
      );
    };
    for (const project of projects)
      for (const d of findings.of(project, (found) => find(project, found))) all.push(d);
    return all;
  },
};
