import { Kind, visit, type FieldNode } from "graphql";
import type { Request } from "./github-model.ts";
import { documentOf } from "./query-documents.ts";

/**
 * The file texts a run's GraphQL queries read, as `path@commit`: every `file(path:)` field, at the
 * commit its enclosing field names (a `ref` by its name, an `object` by its oid, a pull request's
 * `potentialMergeCommit` as `merge`). What REST's contents reads were to the tests before.
 */
export function textsRead(requests: readonly Request[]): string[] {
  const read: string[] = [];
  for (const r of requests) {
    if (r.operationId !== "graphql") continue;
    const { query, variables = {} } = r.body as { query: string; variables?: Record<string, unknown> };
    const at: string[] = [];
    const value = (field: FieldNode, name: string) => {
      const v = field.arguments?.find((a) => a.name.value === name)?.value;
      if (!v) return undefined;
      if (v.kind === Kind.VARIABLE) return String(variables[v.name.value]);
      return v.kind === Kind.STRING ? v.value : undefined;
    };
    visit(documentOf(query), {
      Field: {
        enter(field) {
          const name = field.name.value;
          const commit =
            name === "ref"
              ? String(value(field, "qualifiedName")).replace(/^refs\/heads\//, "")
              : name === "object"
                ? value(field, "oid")
                : name === "potentialMergeCommit"
                  ? "merge"
                  : undefined;
          at.push(commit ?? at.at(-1) ?? "");
          if (name === "file" && value(field, "path") !== undefined)
            read.push(`${value(field, "path")}@${at.at(-2)}`);
        },
        leave() {
          at.pop();
        },
      },
    });
  }
  return read;
}
