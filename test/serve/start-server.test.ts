import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startServer } from "../../generator/serve/start-server.ts";
import { tempDir } from "../helpers/fixture-root.ts";

describe("startServer", () => {
  it("says a port in use is in use, and how to choose another, not Node's EADDRINUSE", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(startServer({ root: await tempDir(), port, host: "127.0.0.1" })).rejects.toThrow(
        `port ${port} on 127.0.0.1 is in use, perhaps by another npm start or npm run dev: stop that one, or choose another port with --port N (or PORT=N)`,
      );
    } finally {
      taken.close();
    }
  });
});
