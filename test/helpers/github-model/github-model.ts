import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { GitStore } from "./git-store.ts";
import { operationNameOf, prepareGraphql } from "./graphql.ts";
import { APP_LIMITS, GITHUB_TOKEN_LIMITS, RateLimits } from "./rate-limits.ts";
import { checkRequest } from "./rest-check.ts";
import { answer, type Answer } from "./routes.ts";
import { settlePulls } from "./settle-pulls.ts";

/**
 * One model of GitHub for every workflow test, on 127.0.0.1. Each request is first checked against
 * GitHub's published REST description (unknown operation: 404; parameters or body it does not
 * take: 422), then answered from state kept as GitHub documents it: commits with trees and blob
 * SHAs shared by a repository and its forks, branches per repository, pull requests with a head
 * and a base, issues and pull requests sharing one sequence of numbers, comments, reviews with
 * their `commit_id`, statuses belonging to commits, workflow runs and dispatches.
 */
export interface User {
  login: string;
  type: "User" | "Bot";
}
export interface Pull {
  number: number;
  user: User;
  title: string;
  body: string;
  state: "open" | "closed";
  /** Set when GitHub marks it merged (see settle-pulls.ts). */
  merged?: boolean;
  /** A draft: GitHub merges none ("Pull Request is still a draft") until it is marked ready. */
  draft?: boolean;
  head: { repo: string; ref: string; sha: string };
  base: { ref: string };
  /** GitHub's times: set when it is opened, and `updated_at` again on each edit or push. */
  created_at: string;
  updated_at: string;
}
export interface Issue {
  number: number;
  user: User;
  title: string;
  body: string;
  labels: string[];
  state: "open" | "closed";
  /** GitHub's times: set when the issue is opened, and `updated_at` again on each edit. */
  created_at: string;
  updated_at: string;
  /** Who last edited its text, when someone did. */
  editor?: User;
}
export interface Comment {
  id: number;
  issue: number;
  body: string;
  user: User;
}
export interface Review {
  id: number;
  pull: number;
  user: User;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED";
  commit_id: string;
}
export interface Status {
  sha: string;
  state: string;
  context: string;
  description: string | null;
  target_url: string | null;
  creator: User;
  created_at: string;
}
export interface WorkflowRun {
  id: number;
  /** The workflow file, `.github/workflows/validate.yml`. */
  path: string;
  event: string;
  head_sha: string;
  head_branch: string;
  head_repository: string;
  status: "completed" | "queued" | "in_progress";
  /** Null until the run completes. */
  conclusion: string | null;
  /** When GitHub created the run for the event: kept on a re-run. */
  created_at: string;
  /** When the latest attempt started: a re-run resets it. */
  run_started_at: string;
  run_attempt: number;
  /**
   * What the run's steps said with workflow commands (`::warning::…`), which GitHub keeps as
   * annotations on the job's check run (one job a run here: its id and its check run's are the run's).
   */
  annotations?: Array<{ level: "notice" | "warning" | "failure"; message: string }>;
}
export interface Request {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
  operationId?: string;
  /** A GraphQL request's operation name (`PullForReport`). */
  operationName?: string | undefined;
}
export interface Failure {
  method: string;
  /** The request URL starts with this. */
  url: string;
  status: number;
  headers?: Record<string, string>;
  message?: string;
}

export const REPOSITORY = "org/sprint";
export const ACTIONS_BOT: User = { login: "github-actions[bot]", type: "Bot" };
/** A GitHub App's installation token, and the bot it acts as. */
export const APP_TOKEN = "ghs_app-token";
export const APP_BOT: User = { login: "registry-app[bot]", type: "Bot" };

export const user = (login: string): User => ({ login, type: login.endsWith("[bot]") ? "Bot" : "User" });

export class GithubModel {
  readonly git = new GitStore();
  readonly defaultBranch: string;
  /** Branches of `org/sprint` and of its forks: repository → branch → commit. */
  readonly branches = new Map<string, Map<string, string>>();
  readonly pulls: Pull[] = [];
  readonly issues: Issue[] = [];
  readonly comments: Comment[] = [];
  readonly reviews: Review[] = [];
  readonly statuses: Status[] = [];
  readonly runs: WorkflowRun[] = [];
  /** A pull request's head moved to a commit that does not descend from the old one (its timeline's HeadRefForcePushedEvent). */
  readonly forcePushes: Array<{ pull: number; before: string; after: string; at: string }> = [];
  readonly dispatches: Array<{ workflow: string; ref: string; inputs: Record<string, string> }> = [];
  /** The workflow files of the default branch; a dispatch of any other is a 404. */
  readonly workflows = ["validate.yml", "review.yml", "report.yml", "intake.yml", "publish.yml"];
  /** Who each token acts as; GITHUB_TOKEN acts as the Actions bot, an App's installation token as its bot. */
  readonly tokens = new Map<string, User>([
    ["ghs_test-token", ACTIONS_BOT],
    [APP_TOKEN, APP_BOT],
  ]);
  /** GitHub's rate limits per token, on this model's clock (see rate-limits.ts). */
  readonly limits = new RateLimits(() => this.now, {
    "ghs_test-token": { limits: GITHUB_TOKEN_LIMITS, installation: 1 },
    [APP_TOKEN]: { limits: APP_LIMITS, installation: 2 },
  });
  /** Pull requests whose test merge GitHub is still computing: `pulls/get` answers `mergeable: null`. */
  readonly mergeabilityPending = new Set<number>();
  private number = 0;
  private id = 1000;

  constructor(files: Record<string, string>, defaultBranch = "main") {
    this.defaultBranch = defaultBranch;
    this.setBranch(REPOSITORY, defaultBranch, this.git.commit(undefined, files));
  }

  nextId = () => ++this.id;
  nextNumber = () => ++this.number;

  branch(repo: string, name: string): string | undefined {
    return this.branches.get(repo)?.get(name);
  }
  setBranch(repo: string, name: string, sha: string): void {
    if (!this.git.has(sha)) throw new Error(`no commit ${sha}`);
    if (!this.branches.has(repo)) this.branches.set(repo, new Map());
    this.branches.get(repo)!.set(name, sha);
    // An open pull request follows its head branch, and is closed when it has no commits left.
    for (const pr of this.pulls)
      if (pr.state === "open" && pr.head.repo === repo && pr.head.ref === name && pr.head.sha !== sha) {
        // A head that does not carry the old one on (a rebase, a reset) is a force push on the timeline.
        if (!this.git.reaches(sha, pr.head.sha))
          this.forcePushes.push({ pull: pr.number, before: pr.head.sha, after: sha, at: this.isoNow() });
        pr.head.sha = sha;
        pr.updated_at = this.isoNow();
      }
    settlePulls(this, repo, name);
  }
  get mainSha(): string {
    return this.branch(REPOSITORY, this.defaultBranch)!;
  }

  /** A push: a commit on top of the branch (made from the default branch's head when new). */
  push(repo: string, branch: string, changes: Record<string, string | null>): string {
    const sha = this.git.commit(this.branch(repo, branch) ?? this.mainSha, changes);
    this.setBranch(repo, branch, sha);
    return sha;
  }

  /** A pull request opened in the browser: `head` is `owner:branch`, by the same rules as the API. */
  openPull(author: string, head: string, base = this.defaultBranch, title = "A change"): Pull {
    const made = answer(this, user(author), "pulls/create", {}, new URLSearchParams(), {
      head,
      base,
      title,
      body: "",
    });
    if (made.status !== 201)
      throw new Error(`GitHub refuses this pull request: ${JSON.stringify(made.data)}`);
    return this.pull((made.data as { number: number }).number)!;
  }

  pull(number: number): Pull | undefined {
    return this.pulls.find((p) => p.number === number);
  }

  openIssue(author: string, title: string, body: string, labels: string[] = []): Issue {
    const issue: Issue = {
      number: this.nextNumber(),
      user: user(author),
      title,
      body,
      labels,
      state: "open",
      created_at: this.isoNow(),
      updated_at: this.isoNow(),
    };
    this.issues.push(issue);
    return issue;
  }

  /** A review submitted in the browser: it belongs to the pull request's head commit of that moment. */
  review(pull: number, reviewer: string, state: Review["state"]): Review {
    const review = {
      id: this.nextId(),
      pull,
      user: user(reviewer),
      state,
      commit_id: this.pull(pull)!.head.sha,
    };
    this.reviews.push(review);
    return review;
  }

  /** The newest status of `context` on a commit, as a pull request with that head shows it. */
  status(sha: string, context: string): Status | undefined {
    return this.statuses.filter((s) => s.sha === sha && s.context === context).at(-1);
  }

  /** GitHub's clock, which sets every run's and issue's times; tests move it on. */
  now = Date.parse("2026-12-01T09:00:00Z");
  isoNow = () => new Date(this.now).toISOString().replace(/\.\d{3}Z$/, "Z");

  /**
   * A workflow run that finished for a commit; the workflow-runs endpoint lists it. GitHub created
   * it now, unless the test says when (`created_at`, with the first attempt started then too).
   */
  finishRun(
    run: Omit<WorkflowRun, "id" | "status" | "created_at" | "run_started_at" | "run_attempt"> &
      Partial<Pick<WorkflowRun, "created_at">>,
  ): WorkflowRun {
    const at = run.created_at ?? this.isoNow();
    this.runs.unshift({
      id: this.nextId(),
      status: "completed",
      ...run,
      created_at: at,
      run_started_at: at,
      run_attempt: 1,
    });
    return this.runs[0]!;
  }

  /** A run GitHub has queued (or started) for a commit and not finished: `conclusion` is null. */
  startRun(
    run: Omit<
      WorkflowRun,
      "id" | "status" | "conclusion" | "created_at" | "run_started_at" | "run_attempt"
    > & {
      status?: "queued" | "in_progress";
    },
  ): WorkflowRun {
    const at = this.isoNow();
    this.runs.unshift({
      id: this.nextId(),
      ...run,
      status: run.status ?? "queued",
      conclusion: null,
      created_at: at,
      run_started_at: at,
      run_attempt: 1,
    });
    return this.runs[0]!;
  }

  /** A started run finishes with `conclusion`. */
  completeRun(run: WorkflowRun, conclusion: string): WorkflowRun {
    run.status = "completed";
    run.conclusion = conclusion;
    return run;
  }

  /** "Re-run all jobs": the same run, a new attempt started now; its `created_at` stays. */
  rerun(run: WorkflowRun, conclusion = run.conclusion): WorkflowRun {
    run.run_started_at = this.isoNow();
    run.run_attempt += 1;
    run.conclusion = conclusion;
    return run;
  }
}

export async function startGithubModel(model: GithubModel) {
  const requests: Request[] = [];
  const failures: Failure[] = [];
  const hooks: Array<{ method: string; url: string; then: () => void }> = [];
  const server = createServer(async (req, res) => {
    const token = /^token (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const actor = token === undefined ? undefined : model.tokens.get(token);
    // GitHub counts a request as concurrent from its arrival until its answer is sent.
    const busy = actor && token !== undefined ? model.limits.begin(token) : undefined;
    if (actor && token !== undefined && !busy) res.on("close", () => model.limits.end(token));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text === "" ? undefined : (JSON.parse(text) as unknown);
    const request: Request = {
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      body,
    };
    if (req.url === "/graphql") request.operationName = operationNameOf(body);
    requests.push(request);
    const afterAnswer = () => {
      const hook = hooks.findIndex((h) => h.method === req.method && req.url!.startsWith(h.url));
      if (hook >= 0) hooks.splice(hook, 1)[0]!.then();
    };
    const send = ({ status, data, headers }: Answer) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(status === 204 ? "" : JSON.stringify(data));
    };
    const failure = failures.findIndex((f) => f.method === req.method && req.url!.startsWith(f.url));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send({
        status: f!.status,
        data: { message: f!.message ?? "Server Error" },
        headers: f!.headers,
      });
    }
    if (busy) return send(busy);
    const url = new URL(req.url!, base);
    if (req.method === "POST" && url.pathname === "/graphql") {
      request.operationId = "graphql";
      if (!actor || token === undefined)
        return send({ status: 401, data: { message: "Bad credentials", documentation_url: DOCS_GRAPHQL } });
      const prepared = prepareGraphql(body);
      // A query GitHub refuses before running it costs no points, but counts as a request.
      const points = prepared.cost && !prepared.cost.dryRun ? prepared.cost.points : 0;
      const took = model.limits.take(token, "graphql", points, prepared.mutation === true);
      if (took.refused) return send(took.refused);
      if (prepared.refused) return send({ ...prepared.refused, headers: took.headers });
      const left = model.limits.status(token).resources.graphql;
      const resetAt = new Date(left.reset * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
      send({ ...prepared.run(model, { ...left, resetAt }, { actor, token }), headers: took.headers });
      return afterAnswer();
    }
    if (!actor || token === undefined) return send({ status: 401, data: { message: "Bad credentials" } });
    // Every authenticated request counts, refused ones too; GET /rate_limit costs no primary
    // points but counts against the secondary limits.
    const checked = checkRequest(req.method!, url, body);
    const write = !["GET", "HEAD", "OPTIONS"].includes(req.method!);
    const free = checked.ok && checked.operationId === "rate-limit/get";
    const took = model.limits.take(token, "core", free ? 0 : 1, write && checked.ok, write ? 5 : 1);
    if (took.refused) return send(took.refused);
    if (!checked.ok)
      return send({ status: checked.status, data: { message: checked.message }, headers: took.headers });
    request.operationId = checked.operationId;
    if (!free && `${checked.params.owner}/${checked.params.repo}` !== REPOSITORY)
      return send({ status: 404, data: { message: "Not Found" }, headers: took.headers });
    const answered = answer(
      model,
      actor,
      checked.operationId,
      checked.params,
      checked.query,
      body,
      url,
      token,
    );
    send({ ...answered, headers: { ...took.headers, ...answered.headers } });
    afterAnswer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    /** Makes the next matching request fail once. */
    fail: (f: Failure) => failures.push(f),
    /** Changes the state once, right after answering the next matching request (a push mid-run). */
    after: (method: string, url: string, then: () => void) => hooks.push({ method, url, then }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const DOCS_GRAPHQL = "https://docs.github.com/graphql";

export type RunningModel = Awaited<ReturnType<typeof startGithubModel>>;
