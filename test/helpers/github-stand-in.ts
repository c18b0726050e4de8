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
      user: { login: string };
      head: { sha: string };
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
