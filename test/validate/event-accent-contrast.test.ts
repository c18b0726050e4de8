import { describe, expect, it } from "vitest";
import { contrastWithWhite } from "../../generator/validate/rules/event-accent-contrast.ts";

describe("contrastWithWhite", () => {
  it("gives WCAG 2 ratios: #767676 is the lightest grey that passes AA, #777777 fails", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#fff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite("#777777")).toBeLessThan(4.5);
    expect(contrastWithWhite("#00f")).toBeCloseTo(contrastWithWhite("#0000ff"), 10);
  });
});
