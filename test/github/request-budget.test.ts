import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EXAMPLE, FIXTURES } from "../helpers/fixture-root.ts";
import { Rush } from "../helpers/final-hour/rush.ts";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";
import { filesWithForms } from "../helpers/default-branch.ts";

/**
 * What one push and one form cost, counted by the GitHub model as GitHub counts them (issue 46's
 * budget): Report at most 4 REST requests a push, actions/download-artifact's two counted, and at
 * most 2 GraphQL points; the intake at most 8 REST requests a form.
 */
const TOKEN = "ghs_test-token";
let model: GithubModel;
let github: RunningModel;

async function rush(): Promise<Rush> {
  const files = await filesWithForms(EXAMPLE);
  model = new GithubModel(files);
  model.now = Date.parse("2026-12-05T09:00:00Z");
  github = await startGithubModel(model);
  return new Rush(model, github, TOKEN);
}
const spent = () => ({ ...model.limits.spentBy(TOKEN) });
const restCalls = () =>
  github.requests.filter((r) => r.operationId !== "graphql").map((r) => `${r.method} ${r.url.split("?")[0]}`);

describe("the budget of one push and one form", () => {
  afterEach(() => github.close());

  it("a team's push to its project: 4 REST requests (2 of them writes) and 2 GraphQL points", async () => {
    const r = await rush();
    const project = await readFile(join(EXAMPLE, "records/projects/swarm-lights.yaml"), "utf8");
    r.push("mnowak", "submit", {
      "records/projects/swarm-lights.yaml": project.replace(/^tagline: .*$/m, "tagline: Better"),
    });
    r.open("mnowak", "submit");
    await r.runUntil(model.now + 5 * 60_000);
    expect(r.failures).toEqual([]);
    expect(model.statuses.map((s) => s.state)).toEqual(["success"]);
    expect(restCalls()).toEqual([
      expect.stringMatching(/^GET \/repos\/org\/sprint\/actions\/runs\/\d+\/artifacts$/),
      expect.stringMatching(/^GET \/repos\/org\/sprint\/actions\/artifacts\/\d+\/zip$/),
      "POST /repos/org/sprint/issues/1/comments",
      expect.stringMatching(/^POST \/repos\/org\/sprint\/statuses\/[0-9a-f]{40}$/),
    ]);
    expect(spent()).toMatchObject({ rest: 4, graphql: 2, writes: 2, refused: 0 });

    // The next push: the comment is edited, the new head gets its status; the same cost.
    const before = spent();
    r.push("mnowak", "submit", {
      "records/projects/swarm-lights.yaml": project.replace(/^tagline: .*$/m, "tagline: Best"),
    });
    await r.runUntil(model.now + 5 * 60_000);
    const after = spent();
    expect([after.rest - before.rest, after.graphql - before.graphql]).toEqual([4, 2]);
  });

  it("a registration by form: the intake's 6 REST requests and 1 GraphQL point, then its pull request's Report", async () => {
    const r = await rush();
    const body = await readFile(join(FIXTURES, "intake/register-team.md"), "utf8");
    r.issue("newbie", "Register team: Fresh Team", body.replace("Gripper Gang", "Fresh Team"), [
      "intake: register team",
    ]);
    await r.runUntil(model.now + 90_000);
    expect(r.failures).toEqual([]);
    const intake = spent();
    expect(intake).toMatchObject({ rest: 6, graphql: 1 });
    await r.runUntil(model.now + 10 * 60_000);
    expect(model.statuses.map((s) => s.state)).toEqual(["success"]);
    const all = spent();
    expect([all.rest - intake.rest, all.graphql - intake.graphql]).toEqual([4, 2]);
  });
});
