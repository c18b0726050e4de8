/** A key a JSON object names twice: JSON.parse keeps the last value, so the first is lost unseen. */
export interface DuplicateKey {
  key: string;
  /** The keys of the objects around it, outermost first: `["scores"]` for a project named twice. */
  path: string[];
  /** Where the second one starts in the text. */
  offset: number;
}

/** An object (with its keys so far) or an array, and the key it is the value of. */
interface Level {
  keys: Set<string> | null;
  up: Level | undefined;
  /** The key of the object above whose value this is; null in an array or at the top. */
  under: string | null;
  expectKey: boolean;
  lastKey: string | null;
}

const pathOf = (level: Level): string[] => {
  const path: string[] = [];
  for (let at: Level | undefined = level; at; at = at.up) if (at.under !== null) path.push(at.under);
  return path.reverse();
};

/**
 * The keys named twice in one object of a JSON text JSON.parse has read, at most `limit` of them:
 * one pass, each level linked to the one above, so it stays linear however deep the text nests.
 */
export function duplicateKeys(text: string, limit = 20): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  let top: Level | undefined;
  const open = (keys: Set<string> | null) => {
    top = { keys, up: top, under: top?.keys ? top.lastKey : null, expectKey: keys !== null, lastKey: null };
  };
  for (let i = 0; i < text.length && found.length < limit; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) found.push({ key, path: pathOf(top), offset: i });
        top.keys.add(key);
        top.lastKey = key;
        top.expectKey = false;
      }
      i = end;
    } else if (c === "{") open(new Set());
    else if (c === "[") open(null);
    else if (c === "}" || c === "]") top = top?.up;
    else if (c === "," && top?.keys) top.expectKey = true;
  }
  return found;
}
