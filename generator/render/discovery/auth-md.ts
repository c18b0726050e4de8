import { MARKDOWN_TYPE, type DocumentKind } from "../shared/document.ts";
import { NO_AUTH } from "./agent-text.ts";

/** The statement that no credential exists, where agents that look for one will find it. */
export const authMd: DocumentKind = {
  name: "auth-md",
  path: "auth.md",
  mediaType: MARKDOWN_TYPE,
  description: "Statement that no credential exists.",
  discovery: true,
  render(model) {
    const body = [
      "# auth.md: no authentication",
      "",
      `${model.event.name}'s API at ${model.baseUrl} needs no credentials.`,
      "",
      `- ${NO_AUTH}`,
      "- There is no OAuth metadata, no `/.well-known/oauth-protected-resource` and no `/.well-known/oauth-authorization-server`.",
      "- No rate limit applies. Send plain `GET` requests.",
      "",
    ].join("\n");
    return [{ path: "auth.md", body }];
  },
};
