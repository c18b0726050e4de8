import { describe, expect, it } from "vitest";
import { sitePath } from "../../generator/serve/site-path.ts";

describe("sitePath", () => {
  it("gives every spelling of a path the one path its file is read from", () => {
    for (const spelling of [
      "/_headers",
      "/%5Fheaders",
      "/%5f%68eaders",
      "//_headers",
      "/./_headers",
      "/%2e/_headers",
    ])
      expect(sitePath(spelling), spelling).toBe("/_headers");
    expect(sitePath("/api//teams.json")).toBe("/api/teams.json");
    expect(sitePath("/teams/")).toBe("/teams/");
  });

  it("decodes once: an encoded percent stays a percent", () => {
    expect(sitePath("/%255Fheaders")).toBe("/%5Fheaders");
  });

  it("names no file for an undecodable path, a NUL or a segment that climbs", () => {
    for (const path of ["/%E0%A4%A", "/%", "/api/%00.json", "/../x", "/a/%2e%2e/x", "/a/..%5cx"])
      expect(sitePath(path), path).toBeUndefined();
  });
});
