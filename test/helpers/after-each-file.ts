import { afterAll } from "vitest";
import { removeTempDirs } from "./fixture-root.ts";

/**
 * A setup file (vitest.config.ts, vitest.browser.config.ts): vitest runs it before every test file,
 * even where files share a worker's modules, so each file's temporary folders go when it is done.
 */
afterAll(removeTempDirs);
