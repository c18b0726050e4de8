import { run as sweepRun } from "../../generator/github/sweep/run.ts";
import { runInProcess } from "./action-in-process.ts";

/** The Sweep step as its schedule starts it, in this process, against the GitHub model at `apiUrl`. */
export const runSweep = (apiUrl: string, token = "ghs_test-token") =>
  runInProcess(
    sweepRun,
    { schedule: "4-59/10 * * * *" },
    { GITHUB_API_URL: apiUrl, GITHUB_TOKEN: token, DEFAULT_BRANCH: "main", REGISTRY_RETRY_BASE_MS: "0" },
  );
