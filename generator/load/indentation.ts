import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { withoutComment } from "./yaml-lines.ts";

/** A key line: indentation, an optional list dash, the key, and whatever follows the colon. */
const KEY_LINE = /^( *)(- +)?([A-Za-z_][\w-]*):(?: +(.*))?$/;
const BLOCK_SCALAR = /^[|>][-+0-9]*\s*(#.*)?$/;

interface Open {
  /** The column the keys of this mapping start at (0-based). */
  column: number;
  /** The key the mapping is the value of (`members`), or "" at the top. */
  parent: string;
  /** Whether the mapping is an item of a list (`- name: …`). */
  item: boolean;
  /** The last key seen in it, with its line. */
  last?: { key: string; line: number };
  /** The column of the dashes of each list it holds, by key, with the line of the first item. */
  lists?: Map<string, { dash: number; line: number }>;
}

/**
 * The YAML parser answers a mis-indented key with several messages in its own words, none on the
 * key itself. Records are simple mappings and lists, so a line's indentation can be judged against
 * the keys above it: each mistake becomes one diagnostic, at the key to move, in plain words.
 * Returns nothing when the text has no such mistake (the parser's messages then stand).
 */
export function indentationMistakes(file: string, text: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const open: Open[] = [{ column: 0, parent: "", item: false }];
  let opener = ""; // the last key with no value on its line: a nested mapping or list may follow
  let scalarAbove = -1; // inside a block scalar (`description: |`), lines deeper than this are text
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, "");
    const indent = /^ */.exec(line)![0].length;
    if (/^\s*(#.*)?$/.test(line) || line === "---") continue;
    if (scalarAbove >= 0 && indent > scalarAbove) continue;
    scalarAbove = -1;
    if (/^ *-( |$)/.test(line)) {
      const misplaced = listItem(open, opener, indent, index, lines);
      if (misplaced) {
        found.push({
          file,
          severity: "error",
          rule: "yaml-indentation",
          expected: "items in one column",
          ...misplaced,
        });
        return found;
      }
    }
    const match = KEY_LINE.exec(line);
    if (!match) {
      // A list item that is a plain value (`- ROS 2`), or a line this judge does not read.
      if (!/^ *- /.test(line)) return found;
      opener = "";
      continue;
    }
    const [, spaces, dash, key, rest = ""] = match as unknown as [
      string,
      string,
      string | undefined,
      string,
      string,
    ];
    const column = spaces.length + (dash?.length ?? 0);
    if (dash) {
      while (open.length > 1 && open.at(-1)!.column > spaces.length) open.pop();
      open.push({ column, parent: opener || open.at(-1)!.last?.key || "", item: true });
    } else if (!open.some((o) => o.column === column)) {
      const here = open.at(-1)!;
      if (column > here.column && opener) open.push({ column, parent: opener, item: false });
      else {
        found.push(mistake(file, index + 1, key, column, here));
        opener = "";
        continue;
      }
    } else while (open.at(-1)!.column !== column) open.pop();
    const mapping = open.at(-1)!;
    mapping.last = { key, line: index + 1 };
    const value = withoutComment(rest);
    opener = value === "" ? key : "";
    if (BLOCK_SCALAR.test(value)) scalarAbove = column;
  }
  return found;
}

function mistake(file: string, line: number, key: string, column: number, mapping: Open): Diagnostic {
  const above = mapping.last?.key ?? "the key above";
  const by = column - mapping.column;
  const spaces = `${Math.abs(by)} ${Math.abs(by) === 1 ? "space" : "spaces"}`;
  const keys =
    mapping.parent === ""
      ? "start the record's keys at the beginning of the line"
      : mapping.item
        ? `line the keys of one ${singular(mapping.parent)} up`
        : `line up the keys of ${mapping.parent}`;
  const found = `\`${key}\` at column ${column + 1}, \`${above}\` at column ${mapping.column + 1}`;
  return {
    file,
    line,
    column: column + 1,
    severity: "error",
    rule: "yaml-indentation",
    message: `\`${key}\` is indented ${spaces} ${by < 0 ? "less" : "more"} than \`${above}\` above it; ${keys} (found ${found})`,
    expected: `\`${key}\` at column ${mapping.column + 1}, under \`${above}\``,
    found,
    fix: `${by < 0 ? "Add" : "Remove"} ${spaces} before \`${key}\` so it starts under \`${above}\`.`,
  };
}

/** `members` → `member`; a list without a plural name is spoken of by its entries. */
function singular(key: string): string {
  return key.endsWith("s") ? key.slice(0, -1) : `${key} entry`;
}

/**
 * A list item (`- …` at `dash`) whose dash is not in the column of the items before it in the same
 * list: the parser blames the lines after it. Records the list's column when the item opens one.
 */
function listItem(
  open: Open[],
  opener: string,
  dash: number,
  index: number,
  lines: readonly string[],
): Pick<Diagnostic, "line" | "column" | "message" | "found" | "fix"> | undefined {
  while (open.length > 1 && open.at(-1)!.column > dash) open.pop();
  if (opener) {
    const holder = open.at(-1)!;
    (holder.lists ??= new Map()).set(opener, { dash, line: index + 1 });
    return undefined;
  }
  // The list this item goes on: the nearest open mapping whose last key holds one.
  const holder = [...open].reverse().find((o) => o.last && o.lists?.has(o.last.key));
  const list = holder && holder.lists!.get(holder.last!.key)!;
  if (!list || list.dash === dash) return undefined;
  let end = index + 1;
  while (end < lines.length && (/^\s*(#.*)?$/.test(lines[end]!) || /^ */.exec(lines[end]!)![0].length > dash))
    end++;
  while (end > index + 1 && /^\s*$/.test(lines[end - 1]!)) end--;
  const by = Math.abs(list.dash - dash);
  const count = `${by} ${by === 1 ? "space" : "spaces"}`;
  const item = lines[index]!.trim();
  const found = `the dash at column ${dash + 1}, the list's at column ${list.dash + 1}`;
  const range = end === index + 1 ? `line ${index + 1}` : `lines ${index + 1}–${end}`;
  return {
    line: index + 1,
    column: dash + 1,
    message: `\`${item}\` starts ${count} ${dash < list.dash ? "left" : "right"} of the items of \`${holder.last!.key}\` above it (line ${list.line}); the items of one list start in one column (found ${found})`,
    found,
    fix: `${dash < list.dash ? "Add" : "Remove"} ${count} at the start of ${range}, so the item lines up with the one on line ${list.line}.`,
  };
}
