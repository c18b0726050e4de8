import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./helpers/fixture-root.ts";

/** Whether `version` satisfies an engines range: `||` of space-separated comparators, or bare majors. */
function satisfies(version: string, range: string): boolean {
  const parts = (v: string) => [...v.split("."), "0", "0"].slice(0, 3).map(Number);
  const compare = (a: string, b: string) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  };
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=]+)\s+/g, "$1")
      .split(/\s+/)
      .every((comparator) => {
        const [, op = "", v = ""] =
          /^([<>]=?|=|\^|~)?v?([\d.]+)$/.exec(comparator.replace(/(\.[x*])+$/, "")) ?? [];
        if (!v) throw new Error(`unknown engines range ${JSON.stringify(range)}`);
        const c = compare(version, v);
        if (op === ">=") return c >= 0;
        if (op === ">") return c > 0;
        if (op === "<=") return c <= 0;
        if (op === "<") return c < 0;
        const same = (n: number) => parts(version).slice(0, n).join() === parts(v).slice(0, n).join();
        if (op === "^") return c >= 0 && same(1);
        if (op === "~") return c >= 0 && same(2);
        return op === "=" ? c === 0 : parts(version)[0] === parts(v)[0] && (v.includes(".") ? c === 0 : true);
      }),
  );
}

describe("the installed packages", () => {
  it("all run on the Node.js the README names (20.19) and the workflows use (24): npm ci warns of no engine", async () => {
    const lock = JSON.parse(await readFile(join(REPO, "package-lock.json"), "utf8")) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const unmet: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (range)
        for (const node of ["20.19.0", "24.0.0"])
          if (!satisfies(node, range))
            unmet.push(`${path || "the project"} wants node ${range}, not ${node}`);
    }
    expect(unmet).toEqual([]);
    expect(satisfies("20.19.0", ">=22")).toBe(false);
    expect(satisfies("24.0.0", "20 || 22 || >=24")).toBe(true);
  });
});
