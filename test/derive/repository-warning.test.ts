import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_RULE, repositoryWarnings } from "../../generator/derive/repository-warning.ts";
import type { RecordFile } from "../../generator/load/record-file.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

/**
 * A build that knows no repository links no form, and its pages no longer tell visitors how to set
 * one (review of issue 57): the organiser learns it here, from the warning `npm run validate`, the
 * build and `npm run dev` print.
 */
async function derived(env: NodeJS.ProcessEnv, yaml = "") {
  const root = await fixtureRoot();
  if (yaml) await appendFile(join(root, "records/event.yaml"), yaml);
  const result = await deriveSite({ root, baseUrl: "https://hackathon.example/", env });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result;
}

describe("the build's warning of an unknown repository", () => {
  it("warns, at records/event.yaml, with what it costs and the fix, when neither the event nor GitHub Actions names one", async () => {
    const result = await derived({ SOURCE_DATE_EPOCH: "0" });
    expect(result.diagnostics.filter((d) => d.rule === REPOSITORY_RULE)).toEqual([
      {
        file: "records/event.yaml",
        // The mapping where `repository:` would go: its first key (line 1 is a comment).
        line: 2,
        column: 1,
        severity: "warning",
        rule: REPOSITORY_RULE,
        message:
          "the event names no GitHub repository, so its pages link no form to register a team, submit a project or change a record",
        expected: "repository: owner/name (or a build in GitHub Actions, which names it)",
        found: "no repository",
        fix: "Set repository: owner/name in records/event.yaml; a build in GitHub Actions knows it already.",
      },
    ]);
  });

  it("says nothing when the event names it, when GitHub Actions does, or for an archived edition", async () => {
    const named = await derived({ SOURCE_DATE_EPOCH: "0" }, "repository: org/sprint\n");
    expect(named.diagnostics.filter((d) => d.rule === REPOSITORY_RULE)).toEqual([]);
    const actions = await derived({ SOURCE_DATE_EPOCH: "0", GITHUB_REPOSITORY: "org/sprint" });
    expect(actions.diagnostics.filter((d) => d.rule === REPOSITORY_RULE)).toEqual([]);
    const unknown = await derived({ SOURCE_DATE_EPOCH: "0" });
    const archived = { ...unknown.model, phase: { ...unknown.model.phase, archived: true } };
    const event: RecordFile = { kind: "event", file: "records/event.yaml", slug: "event", data: {} };
    expect(repositoryWarnings(archived, event)).toEqual([]);
    // The same model, not archived, is warned of: the edition's phase is what spares it.
    expect(repositoryWarnings(unknown.model, event)).toHaveLength(1);
  });
});
