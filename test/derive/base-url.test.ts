import { describe, expect, it } from "vitest";
import { isoWithOffset } from "../../generator/derive/base-url.ts";

describe("isoWithOffset", () => {
  it("writes whole seconds with the offset, the same for every Date of an instant, another for another", () => {
    const at = Date.UTC(2026, 10, 21, 10, 0, 0, 500);
    expect(isoWithOffset(new Date(at))).toBe("2026-11-21T10:00:00+00:00");
    // Remembered by instant, not by object: a later Date of the same instant, and the next second.
    expect(isoWithOffset(new Date(at))).toBe("2026-11-21T10:00:00+00:00");
    expect(isoWithOffset(new Date(at + 1000))).toBe("2026-11-21T10:00:01+00:00");
    expect(() => isoWithOffset(new Date(Number.NaN))).toThrow(RangeError);
  });
});
