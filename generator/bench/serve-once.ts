import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { startServer } from "../serve/start-server.ts";

/**
 * A server for the load benchmark in its own process (so the load generator does not share its
 * thread): `serve-once.ts <dir> ours|plain`. `plain` is sirv, a plain static file server.
 */
const [dir, which] = process.argv.slice(2);
if (which === "plain") {
  const server = createServer(sirv(dir!, { dev: false, etag: true, dotfiles: true }));
  server.listen(0, "127.0.0.1", () =>
    console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
  );
} else {
  const { url } = await startServer({ root: dir!, port: 0 });
  console.log(url);
}
