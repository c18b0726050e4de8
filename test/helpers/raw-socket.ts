import { connect, type Socket } from "node:net";

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection or the wait ended. */
  elapsed: number;
}

/**
 * Sends bytes exactly as given over TCP (no client library to tidy the request line) and reads
 * until the server closes the connection or `waitMs` passes.
 */
export function rawExchange(url: string, request: string | Buffer, waitMs = 5_000): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A server that answers and then resets the connection still answered.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks).toString("latin1"), performance.now() - started));
    });
    socket.write(request);
  });
}

/** An open connection that has sent `start` and nothing more, for slow-client tests. */
export function stalledConnection(url: string, start: string): Promise<Socket & { received: () => string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(start);
      resolve(Object.assign(socket, { received: () => Buffer.concat(chunks).toString("latin1") }));
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
  });
}

export function parse(raw: string, elapsed = 0): RawReply {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: split === -1 ? "" : Buffer.from(raw.slice(split + 4), "latin1").toString("utf8"),
    elapsed,
  };
}
