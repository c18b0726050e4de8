/**
 * Runs per property test: a short count where people wait (`npm test`), the full count where CI
 * asks (`PROPERTY_RUNS=1000` in .ci/run and the test workflow).
 */
export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
