import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { parseRecord } from "../../generator/load/parse-record.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * The classic YAML mistakes of someone new to it (issue 48): each gives one error, on the line where
 * the mistake is, in plain words, and a fix exact enough to apply; applied, the record is valid.
 */
const TEAM = [
  "name: Night Shift",
  "about: Robots that work while we sleep.",
  "lookingForMembers: true",
  "skillsWanted: [ROS, Python]",
  "members:",
  "  - name: Ada Lovelace",
  "    github: ada",
  "    skills: [C]",
  "  - name: Grace Hopper",
  "    github: grace",
];
const PROJECT = [
  "title: Night Sorter",
  "tagline: A robot that sorts parts at night.",
  "description: |",
  "  We built a robot.",
  "  It sorts things.",
  "repo: https://github.com/example/night-sorter",
  "team:",
  "  - name: Ada Lovelace",
  "    github: ada",
];

/** The record with lines from `n` (1-based) on replaced by `lines`, one for one. */
const swap = (record: string[], n: number, ...lines: string[]) =>
  [...record.slice(0, n - 1), ...lines, ...record.slice(n - 1 + lines.length)].join("\n") + "\n";

/** The record with line `n` (1-based) replaced by `lines`. */
const edit = (record: string[], n: number, ...lines: string[]) =>
  [...record.slice(0, n - 1), ...lines, ...record.slice(n)].join("\n") + "\n";

const CASES: Array<{ name: string; kind: "teams" | "projects"; text: string; line: number; says: RegExp }> = [
  {
    name: "a colon in a value",
    kind: "teams",
    text: edit(TEAM, 2, "about: Our goal: win"),
    line: 2,
    says: /colon and a space/,
  },
  {
    name: "a colon at a value's end",
    kind: "projects",
    text: edit(PROJECT, 2, "tagline: Robots for:"),
    line: 2,
    says: /colon at its end/,
  },
  {
    name: "a colon in a list item's value",
    kind: "teams",
    text: edit(TEAM, 6, "  - name: Ada: the first"),
    line: 6,
    says: /colon and a space/,
  },
  {
    name: "no space after a colon",
    kind: "teams",
    text: edit(TEAM, 1, "name:Night Shift"),
    line: 1,
    says: /needs a space after its colon/,
  },
  {
    name: "a missing colon",
    kind: "teams",
    text: edit(TEAM, 2, "about Robots that work while we sleep."),
    line: 2,
    says: /needs a colon after it/,
  },
  {
    name: "a tab before a list item",
    kind: "teams",
    text: swap(TEAM, 9, "\t- name: Grace Hopper", "\t  github: grace"),
    line: 9,
    says: /indented with tabs/,
  },
  {
    name: "block text not indented",
    kind: "projects",
    text: swap(PROJECT, 4, "We built a robot.", "It sorts things:"),
    line: 4,
    says: /must be indented under it/,
  },
  {
    name: "a list item pushed to column 1",
    kind: "teams",
    text: swap(TEAM, 9, "- name: Grace Hopper", "  github: grace"),
    line: 9,
    says: /2 spaces left of the items of `members`/,
  },
  {
    name: "a list item one space in",
    kind: "teams",
    text: swap(TEAM, 9, "   - name: Grace Hopper", "     github: grace"),
    line: 9,
    says: /1 space right of the items of `members`/,
  },
  {
    name: "a stray double quote",
    kind: "teams",
    text: edit(TEAM, 1, 'name: "Night Shift'),
    line: 1,
    says: /opens a quote \(\"\) that nothing closes/,
  },
  {
    name: "a stray single quote",
    kind: "projects",
    text: edit(PROJECT, 2, "tagline: 'A robot that sorts parts at night."),
    line: 2,
    says: /opens a quote \('\)/,
  },
  {
    name: "a value quoted in part",
    kind: "teams",
    text: edit(TEAM, 1, 'name: "Night" Shift'),
    line: 1,
    says: /quoted only in part/,
  },
  {
    name: "a GitHub name with @",
    kind: "teams",
    text: edit(TEAM, 7, "    github: @ada"),
    line: 7,
    says: /without its @/,
  },
  {
    name: "a value in backticks",
    kind: "teams",
    text: edit(TEAM, 1, "name: `Night Shift`"),
    line: 1,
    says: /cannot start with `/,
  },
  {
    name: "a list with no closing bracket",
    kind: "teams",
    text: edit(TEAM, 4, "skillsWanted: [ROS, Python"),
    line: 4,
    says: /does not close it with \]/,
  },
  {
    name: "a text that starts with a bracket it does not close",
    kind: "projects",
    text: edit(PROJECT, 2, "tagline: [beta sorts parts at night"),
    line: 2,
    says: /`tagline` is text, and YAML reads a value that starts with \[ as the start of a list/,
  },
  {
    name: "a dash with no space",
    kind: "teams",
    text: edit(TEAM, 6, "  -name: Ada Lovelace"),
    line: 6,
    says: /space after its dash/,
  },
  {
    name: "a value starting with a dash",
    kind: "projects",
    text: edit(PROJECT, 2, "tagline: - sorts parts at night"),
    line: 2,
    says: /starts with "- "/,
  },
  {
    name: "a value carried to a line of its own",
    kind: "projects",
    text: edit(PROJECT, 2, "tagline: A robot that sorts", "parts at night."),
    line: 3,
    says: /goes on from `tagline` on line 2/,
  },
];

/** Applies a diagnostic's fix as its words say: one line rewritten, lines moved, tabs replaced. */
function applyFix(text: string, fix: string): string {
  const lines = text.split("\n");
  const written = /^Write `(.*)` on line (\d+)\.$/.exec(fix);
  if (written) {
    const at = Number(written[2]) - 1;
    lines[at] = /^ */.exec(lines[at]!)![0] + written[1];
    return lines.join("\n");
  }
  const moved = /^(Add|Remove) (\d+) spaces? at the start of lines? (\d+)(?:–(\d+))?/.exec(fix);
  const tabs = /^Replace each tab at the start of lines? (\d+)(?:–(\d+))? with 2 spaces/.exec(fix);
  const [from, to] = moved ? [moved[3], moved[4] ?? moved[3]] : tabs ? [tabs[1], tabs[2] ?? tabs[1]] : [];
  if (from === undefined) throw new Error(`no way to apply: ${fix}`);
  for (let i = Number(from) - 1; i < Number(to); i++) {
    if (/^\s*$/.test(lines[i]!)) continue;
    if (tabs) lines[i] = lines[i]!.replace(/^[\t ]*/, (lead) => lead.replace(/\t/g, "  "));
    else if (moved![1] === "Add") lines[i] = " ".repeat(Number(moved![2])) + lines[i];
    else lines[i] = lines[i]!.slice(Number(moved![2]));
  }
  return lines.join("\n");
}

describe("the classic YAML mistakes", () => {
  it.each(CASES)(
    "$name: one error on its line, in plain words, and its fix makes the record valid",
    async (c) => {
      const file = `records/${c.kind}/night.yaml`;
      const { data, diagnostics } = parseRecord(file, c.text);
      expect(data).toBeUndefined();
      expect(diagnostics).toHaveLength(1);
      const [d] = diagnostics;
      expect(d).toMatchObject({ file, line: c.line, severity: "error" });
      expect(d!.message).toMatch(c.says);
      expect(d!.message).not.toMatch(/implicit|compact|scalar|block-seq/i);

      const fixed = applyFix(c.text, d!.fix!);
      const root = await fixtureRoot();
      await writeFile(join(root, file), fixed);
      const checked = await check({ root });
      expect(checked.diagnostics.filter((x) => x.file === file)).toEqual([]);
      expect(checked.ok).toBe(true);
    },
  );

  it("says which lines hold tabs, all in one error", () => {
    const text = "name: A\nmembers:\n\t- name: Ada\n\t  github: ada\nlookingForMembers: false\n";
    const { diagnostics } = parseRecord("records/teams/a.yaml", text);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringMatching(/^lines 3–4 are indented with tabs/),
      }),
    ]);
  });

  it("leaves the parser's words where it does not know the mistake", () => {
    // A list field (a text field's value would be quoted: the case above).
    const { diagnostics } = parseRecord("records/teams/a.yaml", "skillsWanted: [a, b}\n");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.fix).toBe("Check indentation, colons and quotes on this line.");
  });

  it("points at a tab after a list's dash, where the parser found it", () => {
    const { diagnostics } = parseRecord(
      "records/teams/a.yaml",
      "name: A\nmembers:\n  -\tname: x\n    github: y\n",
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        line: 3,
        column: 4,
        fix: "Replace the tab at column 4 of line 3 with a space.",
      }),
    ]);
  });

  it("offers no line to write that would fill a screen, and quotes at most 80 characters of what it found", () => {
    const long = `name: a: b${" ".repeat(100_000)}y\n`;
    const [d] = parseRecord("records/teams/a.yaml", long).diagnostics;
    expect(d!.fix).toBe("Check indentation, colons and quotes on this line.");
    const [quote] = parseRecord(
      "records/teams/a.yaml",
      `name: "${"x".repeat(300)}\nlookingForMembers: false\n`,
    ).diagnostics;
    expect(quote!.message).toMatch(/opens a quote/);
    expect(quote!.found).toHaveLength(80);
  });
});
