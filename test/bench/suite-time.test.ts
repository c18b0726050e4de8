import { describe, expect, it } from "vitest";
import { suiteRow, testsLine } from "../../generator/bench/suite-time.ts";
import { table } from "../../generator/bench/report-table.ts";

const PASSED = `
 Test Files  162 passed (162)
      Tests  1379 passed (1379)
   Start at  17:12:00
   Duration  98.31s (transform 9.1s, setup 0ms, import 40s, tests 180s, environment 0ms)
`;
const FAILED = `\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m1377 passed\u001b[39m\u001b[22m\u001b[90m (1379)\u001b[39m\n`;

describe("npm test's row in npm run bench", () => {
  it("reads vitest's count, coloured or not, and holds only when every test passed within 120 s", () => {
    expect(testsLine(PASSED)).toEqual({ tests: "1379 passed", passed: true });
    expect(testsLine(FAILED)).toEqual({ tests: "2 failed | 1377 passed", passed: false });
    expect(testsLine("Error: Command failed: npm run --silent compile\n")).toEqual({
      tests: "no count (vitest did not finish)",
      passed: false,
    });
    expect(table([suiteRow({ ms: 98_310, cpuMs: 171_240, tests: "1379 passed", passed: true })])[2]).toBe(
      "| `npm test`, once (1379 passed, 171 s of CPU) | 98 s |  |  | ≤ 120 s | yes |",
    );
    expect(suiteRow({ ms: 130_000, tests: "1379 passed", passed: true }).holds).toBe("**no**");
    expect(suiteRow({ ms: 90_000, tests: "2 failed | 1377 passed", passed: false }).holds).toBe("**no**");
  });
});
