import { Octokit } from "@octokit/rest";
import { afterEach, expect, it } from "vitest";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";

/**
 * The model's merge base is git's: a common ancestor no other one descends from. A merge group
 * several entries deep, whose last entry branched from an older `main`, reaches that older commit
 * in fewer parent steps than the `main` it was built on; compare `main...group` must still list
 * only what the entries bring, as GitHub's does.
 */
let github: RunningModel | undefined;
afterEach(() => github?.close());

it("compares a merge group three entries deep against main from main, not from an older commit", async () => {
  const model = new GithubModel({ "x.txt": "x\n" });
  const old = model.mainSha;
  model.push("org/sprint", "main", { "walk-in.txt": "w\n" });
  const main = model.mainSha;
  const git = model.git;
  // Entry a pressed "Update branch" (main merged in); b and c branched from the older main.
  const a = git.merge(main, git.commit(old, { "a.txt": "a\n" }))!;
  const [b, c] = ["b", "c"].map((name) => git.commit(old, { [`${name}.txt`]: `${name}\n` }));
  const g1 = git.merge(main, a)!;
  const g2 = git.merge(g1, b!)!;
  const g3 = git.merge(g2, c!)!;
  expect(git.mergeBase(main, g3)).toBe(main);
  expect(git.mergeBase(g3, main)).toBe(main);

  github = await startGithubModel(model);
  const octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url });
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    owner: "org",
    repo: "sprint",
    basehead: `main...${g3}`,
  });
  expect([data.merge_base_commit.sha, data.files?.map((f) => f.filename)]).toEqual([
    main,
    ["a.txt", "b.txt", "c.txt"],
  ]);
});
