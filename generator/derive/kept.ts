/** What a kept value was made from, and the value. */
export type Kept<T> = WeakMap<object, { inputs: readonly unknown[]; value: T }>;

/**
 * A value made from `owner` and `inputs`, made again only when one of them is another object or
 * value than last time. `npm run dev` keeps the record objects of unchanged files, so the entries
 * derived from them, and the JSON and rows rendered from those, are reused after a change to one
 * record. Nothing kept is ever changed once made; that is what makes keeping it safe.
 */
export function kept<T>(cache: Kept<T>, owner: object, inputs: readonly unknown[], make: () => T): T {
  if (!keeping) return make();
  const earlier = cache.get(owner);
  if (earlier && earlier.inputs.length === inputs.length && earlier.inputs.every((v, i) => v === inputs[i]))
    return earlier.value;
  const value = make();
  cache.set(owner, { inputs, value });
  return value;
}

/**
 * Off by default: a clean build makes each value once, and keeping 20,000 entries' JSON and rows
 * until the end would only raise its peak memory. `npm run dev` turns it on.
 */
let keeping = false;

export function keepDerivedValues(on: boolean): void {
  keeping = on;
}
