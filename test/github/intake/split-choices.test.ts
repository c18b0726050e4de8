import { describe, expect, it } from "vitest";
import { splitChoices } from "../../../generator/github/intake/split-choices.ts";

const robots = ["SO-100 arm", "Arm, 6-axis", "TurtleBot 4"];

describe("a multi-select answer read as the form's options", () => {
  it("keeps an option that holds a comma whole, as GitHub joins the options with ', '", () => {
    expect(splitChoices("Arm, 6-axis, SO-100 arm", robots)).toEqual({
      ok: true,
      choices: ["Arm, 6-axis", "SO-100 arm"],
    });
    expect(splitChoices("SO-100 arm, Arm, 6-axis", robots)).toEqual({
      ok: true,
      choices: ["SO-100 arm", "Arm, 6-axis"],
    });
  });

  it("takes one option per line, as a body edited by hand may hold them, and nothing as none", () => {
    expect(splitChoices("Arm, 6-axis\nTurtleBot 4\n", robots)).toEqual({
      ok: true,
      choices: ["Arm, 6-axis", "TurtleBot 4"],
    });
    expect(splitChoices("", robots)).toEqual({ ok: true, choices: [] });
  });

  it("refuses an answer that is not the options joined by ', ', naming the options", () => {
    expect(splitChoices("Arm, 7-axis", robots)).toEqual({
      ok: false,
      problem:
        '"Arm, 7-axis" is not the form\'s options joined by ", " (the options are "SO-100 arm", "Arm, 6-axis", "TurtleBot 4"): choose them in the form again',
    });
    expect(splitChoices("Arm", robots).ok).toBe(false);
    expect(splitChoices("SO-100 arm,TurtleBot 4", robots).ok).toBe(false);
  });

  it("refuses an answer that reads as two different choices", () => {
    expect(splitChoices("A, B", ["A", "B", "A, B"])).toEqual({
      ok: false,
      problem:
        '"A, B" can be read as different choices ("A" + "B", or "A, B"): an organiser must rename an option so that no two read alike',
    });
  });

  it("answers at once for a long answer that cannot be the options", () => {
    const started = performance.now();
    expect(splitChoices(`${"A, ".repeat(20_000)}X`, ["A", "A, A"]).ok).toBe(false);
    expect(splitChoices("A, ".repeat(5).concat("A"), ["A", "A, A", "A, A, A"]).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
