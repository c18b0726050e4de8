/**
 * Runs `fn` with `process.env` swapped for a plain copy. The `yaml` parser reads
 * `process.env.LOG_TOKENS` once per token, and on the main thread every read is a call into the
 * operating system's environment: a third of the parse time of a record. Workers already have a
 * plain copy. Nothing in `fn` may set environment variables.
 */
export function withPlainEnv<T>(fn: () => T): T {
  const real = process.env;
  process.env = { ...real };
  try {
    return fn();
  } finally {
    process.env = real;
  }
}
