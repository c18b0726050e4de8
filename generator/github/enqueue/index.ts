import * as core from "@actions/core";
import { run } from "./run.ts";

/** Entry point of the "Queue green pull requests" workflow's step; the logic is `run()`, tested as GitHub runs it. */
await run().catch((error: Error) => core.setFailed(error.stack ?? error.message));
