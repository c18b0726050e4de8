import { createHash } from "node:crypto";
import type { Server } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ClientFactory, DefaultAgentCardResolver } from "@a2a-js/sdk/client";
import { validate as validateSkill } from "skills-ref";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, fixtureRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

type Card = Record<string, unknown> & {
  supportedInterfaces: Array<{ url: string; protocolBinding: string; protocolVersion: string }>;
  skills: Array<{ id: string; name: string; description: string; tags: string[] }>;
};

let server: Server;
let site: string;
let card: Card;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  card = (await (await fetch(`${site}.well-known/agent-card.json`)).json()) as Card;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the A2A agent card", () => {
  it("has every field A2A 1.0 requires, with non-empty required arrays", () => {
    for (const field of ["name", "description", "version"]) expect(card[field]).toMatch(/\S/);
    expect(card.supportedInterfaces.length).toBeGreaterThan(0);
    for (const i of card.supportedInterfaces) {
      expect(i.url).toBe(`${site}openapi.json`);
      expect(i.protocolVersion).toMatch(/^\d+\.\d+$/);
    }
    expect(card.capabilities).toEqual({ streaming: false, pushNotifications: false });
    expect(card.defaultInputModes).toEqual(["text/plain"]);
    expect(card.defaultOutputModes).toEqual(["application/json"]);
    expect(card.skills.map((s) => s.id)).toEqual([
      "getIndex",
      "getEvent",
      "listTeams",
      "listProjects",
      "listEditions",
      "getTeam",
      "getProject",
    ]);
    for (const skill of card.skills) {
      expect(skill.name && skill.description).toBeTruthy();
      expect(skill.tags.length).toBeGreaterThan(0);
    }
    expect(card.provider).toEqual({
      organization: "Open Robotics Berlin, Werkhalle 7 Makerspace",
      url: site,
    });
  });

  it("names as provider the hosts who run the event, not its sponsors, or every host when all sponsor", async () => {
    const provider = async (hosts: string) => {
      const root = await fixtureRoot();
      const file = join(root, "records/event.yaml");
      await writeFile(
        file,
        (await readFile(file, "utf8")).replace("hosts:\n  - name: Fixture Host\n", hosts),
      );
      const out = await buildSite(root, "https://example.org/");
      return JSON.parse(await readFile(join(out, ".well-known/agent-card.json"), "utf8")).provider
        .organization;
    };
    expect(
      await provider(
        "hosts:\n  - name: Lab\n  - name: Gold Co\n    tier: gold\n  - name: Hall\n    tier: host\n",
      ),
    ).toBe("Lab, Hall");
    expect(
      await provider("hosts:\n  - name: Gold Co\n    tier: gold\n  - name: Pal\n    tier: partner\n"),
    ).toBe("Gold Co, Pal");
  });

  it("is readable by 0.3 clients: protocolVersion, url and preferredTransport repeat the one interface", () => {
    for (const field of [
      "name",
      "description",
      "url",
      "version",
      "protocolVersion",
      "capabilities",
      "defaultInputModes",
      "defaultOutputModes",
      "skills",
    ])
      expect(card[field], field).toBeDefined();
    expect(card.protocolVersion).toMatch(/^0\.3(\.\d+)?$/);
    expect(card.url).toBe(card.supportedInterfaces[0]!.url);
    expect(card.preferredTransport).toBe(card.supportedInterfaces[0]!.protocolBinding);
  });

  it("is honest: no A2A binding invites writes, and declares no security", () => {
    expect(["JSONRPC", "GRPC", "HTTP+JSON"]).not.toContain(card.supportedInterfaces[0]!.protocolBinding);
    expect(card.securitySchemes).toBeUndefined();
    expect(card.securityRequirements).toBeUndefined();
  });

  it("resolves with the A2A JavaScript SDK's card resolver, which then finds no transport to send messages over", async () => {
    const resolved = await new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).resolve(site);
    expect(resolved.name).toBe("Physical AI Sprint 2026 teams and projects");
    expect(resolved.supportedInterfaces[0]!.protocolBinding).toBe("https://spec.openapis.org/oas/v3.1.1");
    await expect(new ClientFactory().createFromAgentCard(resolved)).rejects.toThrow(/transport/i);
  });
});

describe("the agent skills index", () => {
  it("lists one skill whose digest is the SHA-256 of the bytes served", async () => {
    const index = (await (await fetch(`${site}.well-known/agent-skills/index.json`)).json()) as {
      $schema: string;
      skills: Array<{ name: string; type: string; description: string; url: string; digest: string }>;
    };
    expect(index.$schema).toBe("https://schemas.agentskills.io/discovery/0.2.0/schema.json");
    expect(index.skills.map((s) => [s.name, s.type])).toEqual([["hackathon-api", "skill-md"]]);
    const skill = index.skills[0]!;
    const response = await fetch(new URL(skill.url, `${site}.well-known/agent-skills/index.json`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(skill.digest).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
    expect(bytes.toString("utf8")).toContain(`description: ${JSON.stringify(skill.description)}`);
    for (const path of ["api/index.json", "api/event.json", "api/teams.json", "api/projects.json"])
      expect(bytes.toString("utf8")).toContain(`(${site}${path})`);
    expect(skill.description.length).toBeLessThanOrEqual(1024);
  });

  it("passes skills-ref, the Agent Skills reference validator", async () => {
    const out = await buildSite(await exampleRoot(), "https://example.org/");
    expect(await validateSkill(join(out, ".well-known/agent-skills/hackathon-api"))).toEqual([]);
  });
});
