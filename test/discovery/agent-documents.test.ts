import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../generator/derive/model.ts";
import { agentsMd } from "../../generator/render/discovery/agents-md.ts";
import { llmsTxt } from "../../generator/render/discovery/llms-txt.ts";
import { renderSite } from "../../generator/render/render-site.ts";
import { exampleModel } from "../helpers/example-model.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The llmstxt.org reference parser, copied from AnswerDotAI/llms-txt nbs/llmstxt-js.html (Apache-2.0)
 * as ../shared/reference/discovery.md §10 gives it. It returns null when the file has no H1 section.
 */
type Link = { title: string; url: string; desc?: string };
type LlmsTxt = { title: string; summary?: string; info: string; sections: Record<string, Link[]> };

function parseLLMsTxt(txt: string): LlmsTxt | null {
  const pl = (l: string) =>
    Array.from(l.matchAll(/-\s*\[(?<title>[^\]]+)\]\((?<url>[^\)]+)\)(?::\s*(?<desc>.*?))?$/gm)).map((m) => ({
      ...m.groups,
    }));
  const [start, ...rest] = txt.split(/^##\s*(.*?)$/m);
  const sections = Object.fromEntries(
    Array.from({ length: Math.floor(rest.length / 2) }, (_, i) => [rest[i * 2], pl(rest[i * 2 + 1]!)]),
  );
  const m = start!.trim().match(/^#\s*(?<title>.+?$)\n+(?:^>\s*(?<summary>.+?$))?\n+(?<info>.*)/ms);
  return m ? ({ ...m.groups, sections } as LlmsTxt) : null;
}

let server: Server;
let site: string;
const text: Record<string, string> = {};
const types: Record<string, string> = {};

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  for (const path of [
    ".well-known/agent-card.json",
    ".well-known/ai-catalog.json",
    ".well-known/agent-skills/index.json",
    ".well-known/agent-skills/hackathon-api/SKILL.md",
    "llms.txt",
    "llms-full.txt",
    "agents.md",
    "auth.md",
    "openapi.json",
    "api/index.json",
    ".well-known/api-catalog",
  ]) {
    const response = await fetch(site + path);
    text[path] = await response.text();
    types[path] = response.headers.get("content-type")!;
  }
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const apiLinks = (markdown: string) =>
  [...markdown.matchAll(/\]\((https?:\/\/[^)]+\/api\/[^)]+)\)/g)].map((m) => m[1]);

describe("llms.txt", () => {
  it("parses with the llmstxt.org reference parser into title, summary, guidance and link sections", () => {
    const parsed = parseLLMsTxt(text["llms.txt"]!)!;
    expect(parsed.title).toBe("Physical AI Sprint 2026 API");
    expect(parsed.summary).toMatch(/^Read-only JSON about the teams and submitted projects/);
    expect(parsed.info).toContain("`lookingForMembers` is `true`");
    expect(Object.keys(parsed.sections)).toEqual(["API", "Docs", "Optional"]);
    expect(parsed.sections.Optional!.map((l) => l.title)).toEqual([
      "Full handbook",
      "API catalog",
      "A2A agent card",
      "AI catalog",
    ]);
  });

  it("says when registration and submissions close, in the event's time zone, among its guidance", () => {
    expect(parseLLMsTxt(text["llms.txt"]!)!.info).toContain(
      "Registration closes Sat 5 Dec 2026, 12:00 CET and submissions close Sun 6 Dec 2026, 14:00 CET (Europe/Berlin time); an organiser may still accept a late change. `deadlines` in `api/event.json` gives the times in ISO 8601.",
    );
  });

  it("has one H1, no deeper headings, and only link lists in its sections", () => {
    const lines = text["llms.txt"]!.split("\n");
    expect(lines.filter((l) => l.startsWith("# "))).toEqual(["# Physical AI Sprint 2026 API"]);
    expect(lines.filter((l) => /^#{3,} /.test(l))).toEqual([]);
    const sections = lines.slice(lines.findIndex((l) => l.startsWith("## ")));
    for (const line of sections.filter((l) => l && !l.startsWith("## ")))
      expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)]+\): .+$/);
    expect(types["llms.txt"]).toBe("text/plain; charset=utf-8");
  });
});

describe("agents.md, auth.md and llms-full.txt", () => {
  it("agents.md says when to use the site, what it cannot do, the client rules and that there is no authentication", () => {
    const md = text["agents.md"]!;
    for (const heading of [
      "## When to use it",
      "## Endpoints",
      "## Client rules",
      "## What it cannot do",
      "## Authentication",
    ])
      expect(md).toContain(`\n${heading}\n`);
    expect(md).toContain('`track` is `"hardware"` or `"both"`');
    expect(md).toContain("`robots` can be an empty list");
    expect(md).toContain(`See [auth.md](${site}auth.md).`);
    expect(types["agents.md"]).toBe("text/markdown; charset=utf-8");
  });

  it("agents.md says when registration and submissions close, under Deadlines", () => {
    expect(text["agents.md"]).toContain(
      "\n## Deadlines\n\nRegistration closes Sat 5 Dec 2026, 12:00 CET and submissions close Sun 6 Dec 2026, 14:00 CET (Europe/Berlin time);",
    );
  });

  it("both say only the deadlines the event sets, and nothing of deadlines when it sets none", async () => {
    const model = await exampleModel(site);
    const say = (deadlines: Model["event"]["deadlines"]) =>
      renderSite({ ...model, event: { ...model.event, deadlines } }, [llmsTxt, agentsMd]).map((o) => o.body);
    for (const body of say({ registration: null, submission: "2026-12-06T13:00:00Z", extensions: [] })) {
      expect(body).toContain("Submissions close Sun 6 Dec 2026, 14:00 CET (Europe/Berlin time);");
      expect(body).not.toContain("Registration closes");
    }
    for (const body of say({ registration: null, submission: null, extensions: [] }))
      expect(body).not.toMatch(/deadline|closes/i);
  });

  it("auth.md states that no credential exists", () => {
    expect(text["auth.md"]!.split("\n")[0]).toBe("# auth.md: no authentication");
    expect(text["auth.md"]).toContain("Clients looking for a credential must stop looking.");
    expect(types["auth.md"]).toBe("text/markdown; charset=utf-8");
  });

  it("llms-full.txt holds every handbook chapter, with links made absolute", () => {
    const full = text["llms-full.txt"]!;
    expect(full.split("\n")[0]).toBe("# Physical AI Sprint 2026 handbook");
    for (const title of ["Event rules", "Register a team", "Submit a project", "Judging", "FAQ"])
      expect(full).toContain(`\n## ${title}\n`);
    expect(full).toContain(`Next: [submit a project](${site}handbook/submit-a-project.html).`);
    expect(full).toContain(`[developer guide](${site}developers.html)`);
    expect(full).not.toMatch(/\]\(\d+-[a-z-]+\.md/);
  });
});

describe("across the discovery documents", () => {
  it("the endpoint set is the same in openapi.json, api/index.json, llms.txt, agents.md and the skill", () => {
    const index = JSON.parse(text["api/index.json"]!) as {
      endpoints: Array<{ url: string }>;
      templates: Array<{ urlTemplate: string }>;
    };
    // The documents one per record are listed as templates, and their lines link the index.
    const expected = [
      ...index.endpoints.map((e) => e.url),
      ...index.templates.map(() => `${site}api/index.json`),
    ];
    const openapi = JSON.parse(text["openapi.json"]!) as { paths: Record<string, unknown> };
    expect(
      Object.keys(openapi.paths)
        .filter((p) => !p.includes("{"))
        .map((p) => site + p.slice(1)),
    ).toEqual(index.endpoints.map((e) => e.url));
    expect(
      Object.keys(openapi.paths)
        .filter((p) => p.includes("{slug}"))
        .map((p) => site + p.slice(1)),
    ).toEqual(index.templates.map((t) => t.urlTemplate));
    expect(apiLinks(text["llms.txt"]!)).toEqual(expected);
    expect(apiLinks(text["agents.md"]!)).toEqual(expected);
    expect(apiLinks(text[".well-known/agent-skills/hackathon-api/SKILL.md"]!)).toEqual(expected);
  });

  it("every absolute URL on this site resolves, and every other one is a licence or a standard", async () => {
    const urls = new Set<string>();
    for (const path of [
      "llms.txt",
      "agents.md",
      "auth.md",
      ".well-known/agent-skills/hackathon-api/SKILL.md",
    ])
      for (const m of text[path]!.matchAll(/https?:\/\/[^\s)"'`<>]+/g)) urls.add(m[0].replace(/[.,:;]$/, ""));
    // In JSON, every string value that is a whole URL (schema patterns mention https:// too, but are not URLs).
    const strings = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : value && typeof value === "object"
          ? Object.values(value).flatMap(strings)
          : [];
    for (const path of [
      "openapi.json",
      ".well-known/api-catalog",
      ".well-known/agent-card.json",
      ".well-known/ai-catalog.json",
      ".well-known/agent-skills/index.json",
    ])
      for (const value of strings(JSON.parse(text[path]!)))
        if (/^https?:\/\/[^\s\\[\]^]+$/.test(value)) urls.add(value);
    for (const url of urls) {
      // openapi.json's server is the base URL without its final slash.
      if (url.startsWith(site.slice(0, -1))) expect((await fetch(url)).status, url).toBe(200);
      else
        expect(url).toMatch(
          /^https:\/\/(creativecommons\.org|www\.rfc-editor\.org|spec\.openapis\.org|schemas\.agentskills\.io)\//,
        );
    }
    expect(urls.size).toBeGreaterThan(15);
  });

  it("nothing advertises authentication", () => {
    const openapi = JSON.parse(text["openapi.json"]!) as {
      security: unknown[];
      components: Record<string, unknown>;
    };
    expect(openapi.security).toEqual([]);
    expect(openapi.components.securitySchemes).toBeUndefined();
    for (const path of ["llms.txt", "agents.md", "auth.md"])
      expect(text[path]).not.toMatch(/Authorization:|Bearer |api[_-]?key=|X-API-Key/i);
  });
});
