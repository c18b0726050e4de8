import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** One kind of request in the mix, with the status the contract says it gets. */
export interface MixedRequest {
  name: string;
  method: "GET" | "POST" | "OPTIONS" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  status: number;
}

/**
 * Valid and invalid requests, as a public API sees them; each connection cycles through all. (No
 * HEAD: autocannon waits for a body that a HEAD answer never has.)
 */
export function mixedRequests(page: string): MixedRequest[] {
  return [
    { name: "projects.json", method: "GET", path: "api/projects.json", status: 200 },
    {
      name: "projects.json br",
      method: "GET",
      path: "api/projects.json",
      headers: { "accept-encoding": "br" },
      status: 200,
    },
    { name: "page", method: "GET", path: page, status: 200 },
    { name: "home", method: "GET", path: "", status: 200 },
    {
      name: "preflight",
      method: "OPTIONS",
      path: "api/teams.json",
      headers: { origin: "https://x.example" },
      status: 204,
    },
    { name: "unknown api", method: "GET", path: "api/nope.json", status: 404 },
    { name: "unknown page", method: "GET", path: "teams/nobody.html", status: 404 },
    { name: "traversal", method: "GET", path: "api/%2e%2e/%2e%2e/%2e%2e/etc/passwd", status: 400 },
    { name: "NUL", method: "GET", path: "api/%00.json", status: 400 },
    { name: "overlong UTF-8", method: "GET", path: "api/%c0%ae%c0%ae/x.json", status: 400 },
    {
      name: "POST",
      method: "POST",
      path: "api/projects.json",
      headers: { "content-type": "application/json" },
      status: 405,
    },
    { name: "DELETE", method: "DELETE", path: "api/teams.json", status: 405 },
  ];
}

export interface MixedFigures {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** Statuses seen, by status. */
  statuses: Record<string, number>;
  /** Answers whose status was not the one expected for their request, by request name. */
  unexpected: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
  timeouts: number;
  /** The server process's resident memory in MiB: before, highest during, and after the run. */
  memory?: { before: number; peak: number; after: number };
}

/**
 * Runs the mix against a server on 127.0.0.1 for `seconds` and counts what came back. With the
 * server's process id its resident memory is sampled four times a second.
 */
export async function mixedLoad(
  url: string,
  options: { seconds: number; connections: number; page: string; pid?: number },
): Promise<MixedFigures> {
  const requests = mixedRequests(options.page);
  const unexpected: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const rss = () => (options.pid === undefined ? undefined : residentMiB(options.pid));
  const before = rss();
  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss() ?? 0)), 250);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: requests.map((request) => ({
      method: request.method,
      // Joined by hand: the URL parser would resolve the encoded dot segments this mix is testing.
      path: `${new URL(url).pathname}${request.path}`,
      headers: request.headers,
      onResponse: (status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== request.status) unexpected[request.name] = (unexpected[request.name] ?? 0) + 1;
      },
    })),
  });
  clearInterval(sampler);
  const after = rss();
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    statuses,
    unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
    memory:
      before === undefined || after === undefined
        ? undefined
        : { before, peak: Math.max(peak, after), after },
  };
}

/** Resident memory of a Linux process in MiB, from /proc. */
export function residentMiB(pid: number): number | undefined {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib === undefined ? undefined : Math.round(Number(kib) / 1024);
  } catch {
    return undefined;
  }
}

export function formatMixed(figures: MixedFigures): string {
  const memory = figures.memory
    ? `server memory ${figures.memory.before} MiB before, ${figures.memory.peak} MiB peak, ${figures.memory.after} MiB after`
    : "server memory not measured";
  return [
    `mixed load: ${figures.requests} requests in ${figures.seconds} s over ${figures.connections} connections (${figures.requestsPerSecond} req/s, p50 ${figures.latencyP50} ms, p99 ${figures.latencyP99} ms)`,
    `  statuses: ${Object.entries(figures.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(", ")}`,
    `  unexpected statuses: ${JSON.stringify(figures.unexpected)}, socket errors: ${figures.errors}, timeouts: ${figures.timeouts}`,
    `  ${memory}`,
  ].join("\n");
}
