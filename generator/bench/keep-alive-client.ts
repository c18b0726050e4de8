import { Agent, get } from "node:http";

/**
 * Node's own HTTP client for the load benchmark, in a process of its own so that what the
 * benchmark's process ran before does not slow it (run after autocannon in the same process, it
 * gave 10–20 % less): `keep-alive-client.ts <url> <headers as JSON> <seconds>` prints
 * `{"rate": requests per second, "failures": n}`. 10 keep-alive sockets, each body read whole.
 */
const [url, headersJson, secondsText] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? "{}") as Record<string, string>;
const seconds = Number(secondsText);
const agent = new Agent({ keepAlive: true, maxSockets: 10 });
const end = performance.now() + seconds * 1000;
let done = 0;
let failures = 0;
const one = () =>
  new Promise<void>((resolve, reject) =>
    get(url!, { agent, headers }, (res) => {
      if (res.statusCode !== 200) failures++;
      res.resume();
      res.on("end", resolve);
    }).on("error", reject),
  );
const loop = async () => {
  while (performance.now() < end) {
    await one().catch(() => failures++);
    done++;
  }
};
await Promise.all(Array.from({ length: 10 }, loop));
agent.destroy();
console.log(JSON.stringify({ rate: Math.round(done / seconds), failures }));
