import type { DocumentOptions, ParseOptions, SchemaOptions } from "yaml";

/**
 * How records are read, in one place for both ways of reading them: YAML 1.2's core schema (so
 * `on`, `no` and `2026-12-05` stay strings), no merge keys, duplicate keys refused.
 */
export const YAML_OPTIONS = {
  prettyErrors: false,
  uniqueKeys: true,
  version: "1.2",
  schema: "core",
  merge: false,
  strict: true,
} as const satisfies ParseOptions & DocumentOptions & SchemaOptions;
