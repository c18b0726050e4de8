/** Runs per property test: 200 by default, more where CI asks (`PROPERTY_RUNS=1000` in .ci/run). */
export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
