import type { Model, ProjectEntry } from "../../generator/derive/model.ts";
import { exampleModel } from "./example-model.ts";

export interface JudgingEvent {
  /** How many projects; each of the sample's three judges is given every one. */
  projects: number;
  /** The projects whose every field a judge's page shows is at its schema's longest. */
  longest?: (i: number) => boolean;
  /** The event's name, tracks, judges and four criteria at their longest too, scored out of 10. */
  longestEvent?: boolean;
}

/**
 * The sample event's model with projects made in memory from its own, as the shared realistic
 * event's are (about 0.7 KB on a judge's page each), without writing or reading 10,000 records.
 */
export async function judgingEvent({ projects: count, longest, longestEvent }: JudgingEvent): Promise<Model> {
  const model = await exampleModel("https://hackathon.example/");
  const samples = model.projects;
  const projects = Array.from({ length: count }, (_, i): ProjectEntry => {
    const sample = samples[i % samples.length]!;
    const made = longest?.(i)
      ? atTheirLongest(sample, i)
      : { ...sample, slug: `project-${i}`, title: `Project ${i} ${sample.title}` };
    return { ...made, url: `${model.baseUrl}projects/${made.slug}.html` };
  });
  const tables = projects
    .filter((_, i) => longest?.(i))
    .map((p) => ({ project: p.slug, table: longestText(60) }));
  const event = longestEvent ? eventAtItsLongest(model.event) : model.event;
  return { ...model, projects, event: { ...event, judging: { ...event.judging, tables } } };
}

// `"` is the character HTML escapes longest (`&quot;`, six bytes for one), `&` the longest a URL keeps.
const longestText = (length: number, mark = "") => mark + '"'.repeat(length - mark.length);
const longestUrl = (start: string) => start + "&".repeat(2000 - start.length);

/** A project whose every field on a judge's page is as long as the schemas let it be. */
function atTheirLongest(p: ProjectEntry, i: number): ProjectEntry {
  const slug = `project-${i}-`;
  return {
    ...p,
    slug: slug + "x".repeat(80 - slug.length),
    title: longestText(200),
    tagline: longestText(280),
    robots: Array.from({ length: 20 }, (_, k) => longestText(60, String(k))),
    // No team record: the byline names three of its twenty people.
    teamSlug: null,
    team: Array.from({ length: 20 }, (_, k) => ({ name: longestText(200, String(k)), github: null })),
    // A video the page plays (a poster, with the title twice), and a demo and code, each 2,000 long.
    video: longestUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&"),
    demo: longestUrl("https://demo.example/"),
    repo: longestUrl("https://code.example/"),
  };
}

function eventAtItsLongest(event: Model["event"]): Model["event"] {
  return {
    ...event,
    name: longestText(200),
    tracks: event.tracks.map((t) => ({ ...t, name: longestText(200, t.id) })),
    judges: event.judges.map((j, k) => ({ ...j, name: longestText(200, String(k)) })),
    judgingCriteria: event.judgingCriteria.map((c, k) => ({
      ...c,
      name: longestText(200, String(k)),
      description: longestText(1000),
    })),
    judging: { ...event.judging, scale: 10 },
  };
}
