import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ApiDiff } from "../diff/api-diff.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { SLUG_PATTERN } from "../record-layout.ts";
import { MAX_HINTS } from "./report-hints.ts";

/**
 * What the unprivileged Validate run hands to the privileged Report run. It may come from a fork
 * whose workflow was edited to forge it, so Report reads it strictly as data: one regular file,
 * size-capped, checked against this schema, its PR number and head SHA then re-checked with the API.
 */
export interface ReportArtifact {
  version: 1;
  pullRequest: { number: number; headSha: string; baseSha: string };
  /** True when the head's records are valid and its site built. */
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Null when the head does not build, so there is no published API to compare. */
  diff: ApiDiff | null;
  /** Record paths Report reads first (see report-hints.ts); a hint, never trusted. */
  reads?: string[];
}

export const REPORT_FILE = "report.json";
export const MAX_REPORT_BYTES = 4 * 1024 * 1024;
export const MAX_DIAGNOSTICS = 5000;

const sha = { type: "string", pattern: "^[0-9a-f]{40}$" };
const slug = { type: "string", pattern: SLUG_PATTERN.source, maxLength: 200 };
const line = { type: "string", pattern: "^[^\\u0000-\\u001f]*$", maxLength: 500 };
const text = { type: "string", maxLength: 4000 };
const fieldChange = {
  type: "object",
  additionalProperties: false,
  required: ["path"],
  properties: { path: line, before: {}, after: {} },
};
const fields = { type: "array", maxItems: 5000, items: fieldChange };
const collection = {
  type: "object",
  additionalProperties: false,
  required: ["added", "removed", "changed"],
  properties: {
    added: { type: "array", maxItems: 100000, items: slug },
    removed: { type: "array", maxItems: 100000, items: slug },
    changed: {
      type: "array",
      maxItems: 100000,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["slug", "fields"],
        properties: { slug, fields },
      },
    },
  },
};

export const reportArtifactSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["version", "pullRequest", "ok", "diagnostics", "diff"],
  properties: {
    version: { const: 1 },
    pullRequest: {
      type: "object",
      additionalProperties: false,
      required: ["number", "headSha", "baseSha"],
      properties: {
        number: { type: "integer", minimum: 1, maximum: 2147483647 },
        headSha: sha,
        baseSha: sha,
      },
    },
    ok: { type: "boolean" },
    diagnostics: {
      type: "array",
      maxItems: MAX_DIAGNOSTICS,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["file", "line", "column", "severity", "rule", "message"],
        properties: {
          file: line,
          line: { type: "integer", minimum: 1 },
          column: { type: "integer", minimum: 1 },
          severity: { enum: ["error", "warning"] },
          rule: { type: "string", pattern: SLUG_PATTERN.source, maxLength: 80 },
          message: text,
          expected: text,
          found: text,
          fix: text,
        },
      },
    },
    diff: {
      type: ["object", "null"],
      additionalProperties: false,
      required: ["event", "teams", "projects"],
      properties: { event: fields, teams: collection, projects: collection },
    },
    reads: {
      type: "array",
      maxItems: MAX_HINTS,
      items: {
        type: "string",
        pattern: `^records/(teams|projects)/${SLUG_PATTERN.source.replace(/^\^|\$$/g, "")}\\.yaml$`,
        maxLength: 300,
      },
    },
  },
} as const;

const validateArtifact = new Ajv2020({ strict: true, allErrors: false }).compile(reportArtifactSchema);

export type ArtifactRead<T = ReportArtifact> = { ok: true; report: T } | { ok: false; reason: string };

/** Reads `report.json` from the downloaded artifact folder, refusing anything that is not plainly it. */
export function readReportArtifact(dir: string): Promise<ArtifactRead> {
  return readArtifactWith(dir, validateArtifact);
}

/** Reads `report.json` by a compiled schema: one regular file, size-capped, JSON, matching it. */
export async function readArtifactWith<T>(
  dir: string,
  validateArtifact: ValidateFunction,
): Promise<ArtifactRead<T>> {
  const file = join(dir, REPORT_FILE);
  const info = await lstat(file).catch(() => undefined);
  if (info === undefined) return { ok: false, reason: `the artifact has no ${REPORT_FILE}` };
  if (!info.isFile()) return { ok: false, reason: `${REPORT_FILE} in the artifact is not a regular file` };
  if (info.size > MAX_REPORT_BYTES)
    return {
      ok: false,
      reason: `${REPORT_FILE} is ${info.size} bytes, over the ${MAX_REPORT_BYTES}-byte limit`,
    };
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    return { ok: false, reason: `${REPORT_FILE} is not JSON (${(error as Error).message})` };
  }
  if (!validateArtifact(data)) {
    const [first] = validateArtifact.errors ?? [];
    return {
      ok: false,
      reason: `${REPORT_FILE} does not match its schema: ${first?.instancePath || "/"} ${first?.message}`,
    };
  }
  return { ok: true, report: data as T };
}

/**
 * The artifact for a run, clipped to fit the schema Report enforces: a file name may hold a
 * control character and a message may be long, and the report must still be readable.
 */
export function artifactFor(
  pullRequest: ReportArtifact["pullRequest"],
  ok: boolean,
  diagnostics: readonly Diagnostic[],
  diff: ApiDiff | null,
  reads: readonly string[] = [],
): ReportArtifact {
  const { version, ...rest } = clippedReport(ok, diagnostics, diff, reads);
  return { version, pullRequest, ...rest };
}

/** The report without its subject (a pull request, or a merge group: group-artifact.ts), clipped. */
export function clippedReport(
  ok: boolean,
  diagnostics: readonly Diagnostic[],
  diff: ApiDiff | null,
  reads: readonly string[] = [],
): Omit<ReportArtifact, "pullRequest"> {
  const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
  return {
    version: 1,
    ok,
    diagnostics: diagnostics.slice(0, MAX_DIAGNOSTICS).map((d) => {
      const kept: Diagnostic = {
        ...d,
        // eslint-disable-next-line no-control-regex
        file: clip(d.file.replace(/[\u0000-\u001f]/g, "?"), 500),
        message: clip(d.message, 4000),
      };
      for (const key of ["expected", "found", "fix"] as const)
        if (d[key] !== undefined) kept[key] = clip(d[key], 4000);
      return kept;
    }),
    diff,
    ...(reads.length ? { reads: [...reads] } : {}),
  };
}
