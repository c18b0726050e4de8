import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { contentType } from "mime-types";

/**
 * A built site on 127.0.0.1 as GitHub Pages sends it, for the search figures: text gzipped (level
 * 6), so a throttled link carries what a reader's would. The site server (serve/) sends files as
 * they are, which is right for the contract's tests and wrong for timing a slow link.
 */
export async function gzipServer(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let path = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    if (path.endsWith("/")) path += "index.html";
    const file = join(root, normalize(path).replace(/^(\.\.(\/|$))+/, ""));
    readFile(file).then(
      (bytes) => {
        // The media types the site server sends (send-file.ts).
        const type = contentType(extname(file)) || "application/octet-stream";
        const zip = type.startsWith("text/") || type.startsWith("application/json") || type.includes("svg");
        const gzip = zip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
        const body = gzip ? gzipSync(bytes, { level: 6 }) : bytes;
        res.writeHead(200, {
          "Content-Type": type,
          "Content-Length": body.length,
          ...(gzip ? { "Content-Encoding": "gzip" } : {}),
        });
        res.end(body);
      },
      () => {
        res.writeHead(404, { "Content-Type": "text/plain" });
        res.end("not found");
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}
