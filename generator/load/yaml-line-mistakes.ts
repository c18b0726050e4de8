import {
  fieldLine,
  FIELD_NAMES,
  indentOf,
  isBlank,
  isBlockScalar,
  lineRange,
  replace,
  spaces,
  type Mistake,
} from "./yaml-lines.ts";

/** Whether the line starts one of the records' fields at or left of `column`: where a text ends. */
const fieldAt = (line: string, column: number): boolean => {
  const field = fieldLine(line);
  return field !== undefined && FIELD_NAMES.has(field.key) && field.indent <= column;
};

/**
 * `description: |` with its text not indented under it: YAML ends the text at once and reads its
 * first line as a key. The text runs to the next field at the key's column; the fix moves it right.
 */
export function blockTextMistake(lines: string[], errorLine: number): Mistake | undefined {
  let opener = -1;
  for (let i = errorLine - 2; i >= 0; i--) {
    const field = fieldLine(lines[i]!);
    if (field && isBlockScalar(field.value)) {
      opener = i;
      break;
    }
    if (field && FIELD_NAMES.has(field.key)) return undefined;
  }
  if (opener < 0) return undefined;
  const key = fieldLine(lines[opener]!)!;
  let end = opener + 1;
  while (end < lines.length && !fieldAt(lines[end]!, key.column)) end++;
  while (end > opener + 1 && isBlank(lines[end - 1]!)) end--;
  const text = lines.slice(opener + 1, end);
  const written = text.filter((line) => !isBlank(line));
  if (written.length === 0 || written.some((line) => indentOf(line) > key.column)) return undefined;
  const by = key.column + 2 - Math.min(...written.map(indentOf));
  const [from, to] = [opener + 2, end];
  return {
    line: from,
    column: 1,
    message: `the text of \`${key.key}: ${key.value}\` must be indented under it; ${lineRange(from, to)} start${from === to ? "s" : ""} at the key's column, so YAML reads the text as fields`,
    found: written[0]!.trim(),
    fix: `Add ${spaces(by)} at the start of ${lineRange(from, to)}, so the text sits under \`${key.key}\`.`,
  };
}

/**
 * A line with no colon where YAML expects a field: a field's colon left out (`about Robots`), or a
 * long value carried on to a line that is not indented under its key.
 */
export function lineWithoutColon(lines: string[], errorLine: number): Mistake | undefined {
  const line = lines[errorLine - 1] ?? "";
  if (isBlank(line)) return undefined;
  const indent = indentOf(line);
  const [, word = "", rest = ""] = /^ *([A-Za-z_][\w-]*) +(.*)$/.exec(line) ?? [];
  if (FIELD_NAMES.has(word))
    return replace(errorLine, line, `${word}: ${rest}`, {
      message: `\`${word}\` needs a colon after it: a field is written \`${word}: value\``,
      found: line.trim(),
    });
  let above = errorLine - 2;
  while (above >= 0 && isBlank(lines[above]!)) above--;
  const field = above >= 0 ? fieldLine(lines[above]!) : undefined;
  if (field && field.value !== "" && !isBlockScalar(field.value) && field.column >= indent) {
    const by = field.column + 2 - indent;
    return {
      line: errorLine,
      column: indent + 1,
      message: `line ${errorLine} goes on from \`${field.key}\` on line ${above + 1} but is not indented under it, so YAML reads it as a field with no colon`,
      found: line.trim(),
      fix: `Add ${spaces(by)} at the start of line ${errorLine}, or join it to the end of line ${above + 1}.`,
    };
  }
  return {
    line: errorLine,
    column: indent + 1,
    message: `line ${errorLine} is not a field: YAML expects \`name: value\` here`,
    found: line.trim(),
    fix: "Write the field's name and a colon before the text, or indent it under the field it belongs to.",
  };
}
