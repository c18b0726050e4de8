import { APP_TOKEN } from "../helpers/github-model/github-model.ts";
import { hourAfterSuite } from "../helpers/final-hour/hour-after-suite.ts";

// The App's installation token, its limits divided by ten as the load is (5,000 an hour; GitHub's
// 80 writes a minute and 500 an hour, the same for an App): GitHub starts each group's runs itself.
hourAfterSuite(
  "the App",
  "app",
  APP_TOKEN,
  { rest: 500, graphql: 500, writesPerMinute: 8, writesPerHour: 50 },
  "registry-app",
  ["timeout", "clash"],
);
