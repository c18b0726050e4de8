import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterBurst } from "../../generator/cli/after-burst.ts";

describe("npm run dev's rebuild after a burst of saves", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("runs once, the quiet time after the last call of a burst, and again for a later one", () => {
    const runs: number[] = [];
    const rebuild = afterBurst(30, () => runs.push(Date.now()));
    const start = Date.now();
    // An editor's save: three writes, 10 ms apart.
    for (let i = 0; i < 3; i++) {
      rebuild();
      vi.advanceTimersByTime(10);
    }
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(runs).toEqual([start + 50]);
    vi.advanceTimersByTime(100);
    rebuild();
    vi.advanceTimersByTime(30);
    expect(runs).toEqual([start + 50, start + 180]);
  });
});
