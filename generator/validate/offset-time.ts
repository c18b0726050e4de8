import { recordSchemas } from "../contract/record-schemas.ts";

// The schema's spelling of a time with its offset, so the rules read exactly what it lets through.
const OFFSET_TIME = new RegExp(recordSchemas.event.$defs.offsetDateTime.pattern);

/**
 * The instant a deadline names, in milliseconds, or undefined when the value is not a time with an
 * offset: the schema reports those, and a rule never reads one in the build machine's zone.
 */
export function offsetInstant(value: unknown): number | undefined {
  if (typeof value !== "string" || !OFFSET_TIME.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A record's `deadlines`, as the rules read it: a mapping, or nothing. */
export function deadlinesOf(data: unknown): Record<string, unknown> {
  const value = data && typeof data === "object" ? (data as Record<string, unknown>).deadlines : undefined;
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
