import { Ajv2020 } from "ajv/dist/2020.js";
import {
  clippedReport,
  readArtifactWith,
  reportArtifactSchema,
  type ArtifactRead,
  type ReportArtifact,
} from "./report-artifact.ts";

/**
 * Validate's artifact for a merge group (GitHub's merge queue): the same report as a pull
 * request's, naming the group (its head and parent commits and its temporary branch) instead of a
 * pull request. Report reads it as strictly as the other: its own schema, so a pull request's
 * artifact is never read as a group's nor the other way round; the commits are then checked
 * against the watched run and the queue's entries are read from GitHub, never from this file.
 */
export interface GroupArtifact extends Omit<ReportArtifact, "pullRequest"> {
  mergeGroup: { headSha: string; baseSha: string; headRef: string };
}

const sha = { type: "string", pattern: "^[0-9a-f]{40}$" };
const { pullRequest: _pullRequest, ...otherProperties } = reportArtifactSchema.properties;

export const groupArtifactSchema = {
  ...reportArtifactSchema,
  required: ["version", "mergeGroup", "ok", "diagnostics", "diff"],
  properties: {
    ...otherProperties,
    mergeGroup: {
      type: "object",
      additionalProperties: false,
      required: ["headSha", "baseSha", "headRef"],
      properties: {
        headSha: sha,
        baseSha: sha,
        headRef: {
          type: "string",
          pattern: "^refs/heads/gh-readonly-queue/[^\\u0000-\\u001f]+/pr-[1-9][0-9]{0,9}-[0-9a-f]{40}$",
          maxLength: 300,
        },
      },
    },
  },
} as const;

const validateGroupArtifact = new Ajv2020({ strict: true, allErrors: false }).compile(groupArtifactSchema);

/** Reads a group's `report.json` from the downloaded artifact folder, refusing anything that is not plainly one. */
export function readGroupArtifact(dir: string): Promise<ArtifactRead<GroupArtifact>> {
  return readArtifactWith<GroupArtifact>(dir, validateGroupArtifact);
}

/** The artifact for a group's run, clipped as a pull request's is (see `clippedReport`). */
export function groupArtifactFor(
  mergeGroup: GroupArtifact["mergeGroup"],
  ...report: Parameters<typeof clippedReport>
): GroupArtifact {
  const { version, ...rest } = clippedReport(...report);
  return { version, mergeGroup, ...rest };
}
