import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/**
 * The sample event's own rules in its handbook, as the template ships them, and what init writes in
 * their place: a neutral line and a heading the organiser fills in. `rules` are the lines that must
 * not outlive the sample, found again even when the organiser edited around them.
 */
const SAMPLE_PASSAGES: ReadonlyArray<{
  file: string;
  sample: string;
  neutral: string;
  rules: string[];
  /** What went, and what to write instead. */
  todo: [string, string];
}> = [
  {
    file: "site/handbook/10-event-rules.md",
    sample: `Two days, one goal: make robots see, grasp and move, in simulation or on real hardware. These rules
keep the sprint fair, safe and fun for everyone.`,
    neutral: "These rules keep the event fair, safe and fun for everyone.",
    rules: ["Two days, one goal: make robots see, grasp and move"],
    todo: [
      "the sample's opening line is gone",
      "Say in a line or two what your event is about, above the rules.",
    ],
  },
  {
    file: "site/handbook/10-event-rules.md",
    sample: `## Robot lab safety

- The safety briefing at the opening is **mandatory** before anyone touches the lab's robots.
- Quadrupeds run only inside the marked area and with a second person holding the stop button.
- Drones fly only inside the netted flight area.
- Book lab robots at the help desk; return them charged and with their parts.`,
    neutral: `## Safety

- Follow the safety briefing and the organisers' instructions at the venue.`,
    rules: [
      "Quadrupeds run only inside the marked area",
      "Drones fly only inside the netted flight area",
      "Book lab robots at the help desk",
      "The safety briefing at the opening is **mandatory**",
    ],
    todo: ["the sample's lab safety rules are gone", "Write your venue's own safety rules under ## Safety."],
  },
  {
    file: "site/handbook/40-judging.md",
    sample: `Every submitted project gets a live demo slot of five minutes, followed by three minutes of
questions. Demos run on the second afternoon, in the order of the project list.`,
    neutral: `Every submitted project gets a live demo, followed by questions from the judges. Demos run in the
order of the project list; the schedule on the home page says when.`,
    rules: ["live demo slot of five minutes", "Demos run on the second afternoon"],
    todo: ["the sample's demo times are gone", "Say how long a demo and its questions last."],
  },
];

/** What init changes in the handbook, and what it tells the organiser to write there. */
export interface HandbookChanges {
  writes: Map<string, string>;
  done: string[];
  /** Where the sample's rules went (to be written anew) or stayed (edited around): file and line. */
  todo: Diagnostic[];
}

/**
 * Takes the sample's own rules out of the handbook chapters that still hold them, as they shipped,
 * and lists each place to write the event's own; a sample rule left because its chapter was
 * edited around it is listed too, by line, never kept silently.
 */
export async function sampleHandbook(root: string): Promise<HandbookChanges> {
  const changes: HandbookChanges = { writes: new Map(), done: [], todo: [] };
  for (const file of new Set(SAMPLE_PASSAGES.map((p) => p.file))) {
    const read = await readFile(join(root, file), "utf8").catch(() => undefined);
    if (read === undefined) continue;
    let text = read.replaceAll("\r\n", "\n");
    const todo: Array<[number, string, string]> = [];
    for (const passage of SAMPLE_PASSAGES.filter((p) => p.file === file)) {
      const at = text.indexOf(passage.sample);
      if (at >= 0) {
        text = text.slice(0, at) + passage.neutral + text.slice(at + passage.sample.length);
        todo.push([lineOf(text, at), ...passage.todo]);
      }
      for (const rule of passage.rules) {
        const left = text.indexOf(rule);
        if (left >= 0)
          todo.push([
            lineOf(text, left),
            `the sample's rule "${rule}…" is still here (its chapter was edited, so init left it)`,
            "Replace it with your event's own rule, or remove it.",
          ]);
      }
    }
    if (text !== read.replaceAll("\r\n", "\n")) {
      // The chapter keeps the line endings it had.
      changes.writes.set(file, read.includes("\r\n") ? text.replaceAll("\n", "\r\n") : text);
      changes.done.push(`removed the sample's own rules from ${file}`);
    }
    for (const [line, message, fix] of todo.sort((a, b) => a[0] - b[0]))
      changes.todo.push({ file, line, column: 1, severity: "warning", rule: "init-handbook", message, fix });
  }
  return changes;
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}
