import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the GitHub REST API on 127.0.0.1: just the endpoints the Report workflow calls,
 * answering as GitHub does, recording every request, and able to fail on purpose.
 */
export interface StandInRepo {
  pulls: Record<
    number,
    {
      number: number;
      user: { login: string; type?: string };
      head: { sha: string; ref?: string; repo?: { full_name: string } };
      base: { ref: string; sha: string };
      state: string;
      changed_files: number;
    }
  >;
  files: Record<number, Array<{ filename: string; status: string; previous_filename?: string }>>;
  /** `<ref>:<path>` → file text. */
  contents: Record<string, string>;
  comments: Array<{ id: number; issue: number; body: string; user: { login: string; type: string } }>;
  /** Reviews per pull request, oldest first. */
  reviews: Record<number, Array<{ user: { login: string }; state: string; commit_id: string }>>;
  /** Runs of `validate.yml`, newest first, as the workflow-runs endpoint lists them. */
  validateRuns: Array<{ id: number; head_sha: string; conclusion: string }>;
  statuses: Array<{ sha: string; state: string; context: string; description: string; target_url: string }>;
  /** For the intake: branches by name, each a list of commits (newest last) of written files. */
  branches?: Record<string, { sha: string; files: Record<string, string> }>;
  /** Pull requests the intake opened (GET /pulls?head= lists the open ones). */
  opened?: Array<{ number: number; head: string; base: string; title: string; body: string; state: string }>;
  /** Workflow dispatches received. */
  dispatches?: Array<{ workflow: string; ref: string; inputs: Record<string, string> }>;
  /** Issues (Report reads an intake pull request's issue for its author). */
  issues?: Record<number, { number: number; user: { login: string } }>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

export interface Failure {
  method: string;
  /** The request URL starts with this. */
  url: string;
  status: number;
  headers?: Record<string, string>;
  message?: string;
}

const REPO = "/repos/org/sprint";
const BOT = { login: "github-actions[bot]", type: "Bot" };
/** GitHub answers 422 to a comment body over this many characters. */
const MAX_COMMENT = 65536;

export async function startGithubStandIn(repo: StandInRepo) {
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  let nextId = 1000;

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    const failure = failures.findIndex((f) => f.method === req.method && req.url!.startsWith(f.url));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(res, f!.status, { message: f!.message ?? "Server Error" }, f!.headers);
    }
    const url = new URL(req.url!, "http://stand-in");
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (req.method === "GET" && (m = /^\/repos\/org\/sprint\/pulls\/(\d+)$/.exec(path))) {
      const pr = repo.pulls[Number(m[1])];
      return pr ? send(res, 200, pr) : notFound(res);
    }
    if (req.method === "GET" && (m = /^\/repos\/org\/sprint\/pulls\/(\d+)\/files$/.exec(path)))
      return send(res, 200, repo.files[Number(m[1])] ?? []);
    if (req.method === "GET" && (m = /^\/repos\/org\/sprint\/pulls\/(\d+)\/reviews$/.exec(path)))
      return send(
        res,
        200,
        (repo.reviews[Number(m[1])] ?? []).map((r, i) => ({ id: i + 1, ...r })),
      );
    if (req.method === "GET" && path === `${REPO}/actions/workflows/validate.yml/runs`) {
      const sha = url.searchParams.get("head_sha");
      const runs = repo.validateRuns.filter((r) => r.head_sha === sha);
      return send(res, 200, {
        total_count: runs.length,
        workflow_runs: runs.map((r) => ({
          ...r,
          html_url: `https://github.com/org/sprint/actions/runs/${r.id}`,
        })),
      });
    }
    const intake = intakeRoute(repo, req.method!, path, url, body, () => nextId++);
    if (intake) return send(res, intake[0], intake[1]);
    const comment = (body as { body?: string } | undefined)?.body;
    if (typeof comment === "string" && [...comment].length > MAX_COMMENT)
      return send(res, 422, { message: "Validation Failed", errors: [{ field: "body", code: "too_long" }] });
    if (req.method === "GET" && path.startsWith(`${REPO}/contents/`)) {
      const file = decodeURIComponent(path.slice(`${REPO}/contents/`.length));
      const text = repo.contents[`${url.searchParams.get("ref")}:${file}`];
      if (text === undefined) return notFound(res);
      return send(res, 200, {
        type: "file",
        path: file,
        encoding: "base64",
        content: Buffer.from(text).toString("base64"),
      });
    }
    if ((m = /^\/repos\/org\/sprint\/issues\/(\d+)\/comments$/.exec(path))) {
      const issue = Number(m[1]);
      if (req.method === "GET")
        return send(res, 200, repo.comments.filter((c) => c.issue === issue).map(asComment));
      if (req.method === "POST") {
        const comment = { id: nextId++, issue, body: (body as { body: string }).body, user: BOT };
        repo.comments.push(comment);
        return send(res, 201, asComment(comment));
      }
    }
    if (req.method === "PATCH" && (m = /^\/repos\/org\/sprint\/issues\/comments\/(\d+)$/.exec(path))) {
      const comment = repo.comments.find((c) => c.id === Number(m![1]));
      if (!comment) return notFound(res);
      comment.body = (body as { body: string }).body;
      return send(res, 200, asComment(comment));
    }
    if (req.method === "POST" && (m = /^\/repos\/org\/sprint\/statuses\/([0-9a-f]{40})$/.exec(path))) {
      repo.statuses.push({ sha: m[1]!, ...(body as Omit<StandInRepo["statuses"][number], "sha">) });
      return send(res, 201, { id: nextId++ });
    }
    notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Makes the next matching request fail once. */
    fail: (f: Failure) => failures.push(f),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The intake's endpoints: refs, one-file commits, pull requests, dispatches and issues. */
function intakeRoute(
  repo: StandInRepo,
  method: string,
  encoded: string,
  url: URL,
  body: unknown,
  id: () => number,
): [number, unknown] | undefined {
  // Octokit sends a ref's slashes encoded (`heads%2Fmain`).
  const path = decodeURIComponent(encoded);
  const branches = (repo.branches ??= {});
  const opened = (repo.opened ??= []);
  let m: RegExpExecArray | null;
  const sha = () => id().toString(16).padStart(40, "0");
  if (method === "GET" && (m = /^\/repos\/org\/sprint\/git\/ref\/heads\/(.+)$/.exec(path))) {
    const branch = branches[m[1]!];
    return branch ? [200, { object: { sha: branch.sha } }] : [404, { message: "Not Found" }];
  }
  if (method === "POST" && path === `${REPO}/git/refs`) {
    const { ref, sha: from } = body as { ref: string; sha: string };
    const name = ref.replace(/^refs\/heads\//, "");
    if (branches[name]) return [422, { message: "Reference already exists" }];
    const base = Object.values(branches).find((b) => b.sha === from);
    branches[name] = { sha: from, files: { ...(base?.files ?? {}) } };
    return [201, { ref, object: { sha: from } }];
  }
  if (method === "PATCH" && (m = /^\/repos\/org\/sprint\/git\/refs\/heads\/(.+)$/.exec(path))) {
    const name = m[1]!;
    const { sha: to } = body as { sha: string };
    const base = Object.values(branches).find((b) => b.sha === to);
    if (!branches[name] || !base) return [422, { message: "Reference does not exist" }];
    branches[name] = { sha: to, files: { ...base.files } };
    return [200, { object: { sha: to } }];
  }
  if (method === "PUT" && path.startsWith(`${REPO}/contents/`)) {
    const file = path.slice(`${REPO}/contents/`.length);
    const { branch, content } = body as { branch: string; content: string };
    const target = branches[branch];
    if (!target) return [404, { message: "Branch not found" }];
    target.files[file] = Buffer.from(content, "base64").toString("utf8");
    target.sha = sha();
    return [201, { commit: { sha: target.sha } }];
  }
  if (method === "GET" && path === `${REPO}/pulls` && url.searchParams.has("head")) {
    const head = url.searchParams.get("head")!.replace(/^org:/, "");
    return [200, opened.filter((p) => p.head === head && p.state === "open").map(asPull)];
  }
  if (method === "POST" && path === `${REPO}/pulls`) {
    const {
      head,
      base,
      title,
      body: text,
    } = body as { head: string; base: string; title: string; body: string };
    const pr = { number: id(), head, base, title, body: text, state: "open" };
    opened.push(pr);
    return [201, asPull(pr)];
  }
  if (
    method === "POST" &&
    (m = /^\/repos\/org\/sprint\/actions\/workflows\/([^/]+)\/dispatches$/.exec(path))
  ) {
    const { ref, inputs } = body as { ref: string; inputs: Record<string, string> };
    (repo.dispatches ??= []).push({ workflow: m[1]!, ref, inputs });
    return [204, ""];
  }
  if (method === "GET" && (m = /^\/repos\/org\/sprint\/issues\/(\d+)$/.exec(path))) {
    const issue = repo.issues?.[Number(m[1])];
    return issue ? [200, issue] : [404, { message: "Not Found" }];
  }
  return undefined;
}

function asPull(p: NonNullable<StandInRepo["opened"]>[number]) {
  return {
    number: p.number,
    html_url: `https://github.com/org/sprint/pull/${p.number}`,
    head: { ref: p.head },
  };
}

function asComment(c: StandInRepo["comments"][number]) {
  return {
    id: c.id,
    body: c.body,
    user: c.user,
    html_url: `https://github.com/org/sprint/pull/${c.issue}#issuecomment-${c.id}`,
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

function send(
  res: ServerResponse,
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(data));
}

function notFound(res: ServerResponse): void {
  send(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
}
