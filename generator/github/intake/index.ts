import * as core from "@actions/core";
import { run } from "./run.ts";

/** Entry point of the Intake workflow's step; the logic is `run()`, tested against a GitHub stand-in. */
await run().catch((error: Error) => core.setFailed(error.stack ?? error.message));
