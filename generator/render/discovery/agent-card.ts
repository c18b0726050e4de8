import { siteUrl } from "../../derive/base-url.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { json, JSON_TYPE, type DocumentKind, pathTemplate } from "../shared/document.ts";
import { OPENAPI_PATH } from "./openapi-json.ts";

export const AGENT_CARD_PATH = ".well-known/agent-card.json";
/**
 * A static host cannot implement any A2A binding (JSONRPC, GRPC, HTTP+JSON): a client would POST
 * messages and get 405. So the one interface names a custom binding, the OpenAPI description,
 * which A2A clients recognise as not theirs ("no compatible transport") instead of writing to us.
 */
export const OPENAPI_BINDING = "https://spec.openapis.org/oas/v3.1.1";

/**
 * An A2A 1.0 agent card that is honest about being a static read-only API. The v0.3 fields
 * (`protocolVersion`, `url`, `preferredTransport`) repeat the same interface, so 0.3 readers do not
 * fall back to JSON-RPC. Skills are the API's endpoints, from the registry.
 */
export const agentCard: DocumentKind = {
  name: "agent-card",
  path: AGENT_CARD_PATH,
  mediaType: JSON_TYPE,
  description: "A2A agent card describing this static, read-only API (not a conversational agent).",
  discovery: true,
  render(model, site) {
    const url = (path: string) => siteUrl(model.baseUrl, path);
    const openapi = url(OPENAPI_PATH);
    // Sponsors share the hosts list: the provider is who runs the event (tier host, or none given).
    const running = model.event.hosts.filter((h) => h.tier === null || h.tier === "host");
    const card = {
      name: `${model.event.name} teams and projects`,
      description: `Static, read-only JSON about the teams and projects of ${model.event.name}. This is not a conversational A2A agent and accepts no messages: fetch the documents described at ${openapi} with plain GET requests. No authentication.`,
      version: "1.0.0",
      supportedInterfaces: [{ url: openapi, protocolBinding: OPENAPI_BINDING, protocolVersion: "1.0" }],
      protocolVersion: "0.3.0",
      url: openapi,
      preferredTransport: OPENAPI_BINDING,
      provider: {
        organization: (running.length ? running : model.event.hosts).map((h) => h.name).join(", "),
        url: model.baseUrl,
      },
      documentationUrl: url(DEVELOPERS_PAGE),
      capabilities: { streaming: false, pushNotifications: false },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["application/json"],
      skills: site.documents
        .filter((d) => d.endpoint)
        .map((d) => ({
          id: d.endpoint!.operationId,
          name: `GET /${pathTemplate(d.path)}`,
          description: `GET ${url(pathTemplate(d.path))}: ${d.description}`,
          tags: ["read-only", "json", pathTemplate(d.path).replace(/^api\/|\.json$/g, "")],
          outputModes: ["application/json"],
        })),
    };
    return [{ path: AGENT_CARD_PATH, body: json(card) }];
  },
};
