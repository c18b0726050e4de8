import { hourAfterSuite } from "../helpers/final-hour/hour-after-suite.ts";

// GITHUB_TOKEN alone, its limits divided by ten as the load is (1,000 an hour; 80 writes a minute,
// 500 an hour): GitHub starts no run for a group it enqueued, so Validate is dispatched on each.
hourAfterSuite(
  "GITHUB_TOKEN alone",
  "github-token",
  "ghs_test-token",
  { rest: 100, graphql: 100, writesPerMinute: 8, writesPerHour: 50 },
  "",
  ["timeout"],
);
