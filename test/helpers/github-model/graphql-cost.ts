import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * What a query costs as GitHub's GraphQL API counts it (docs: "Rate limits and query limits for the
 * GraphQL API"): each connection needs one request per node of its parent connections (assuming
 * every `first`/`last` is reached); the requests added up, divided by 100 and rounded, are the
 * points, at least 1. The nodes are each connection's page size times its parents'; a call may
 * ask for at most 500,000.
 */
export interface Cost {
  points: number;
  nodeCount: number;
  /** GitHub's refusal of a query over the node limit, before anything is read. */
  overLimit?: string | undefined;
  /** `rateLimit(dryRun: true)`: GitHub prices the query without evaluating it, for nothing. */
  dryRun: boolean;
}

export const NODE_LIMIT = 500_000;
/** A connection without `first`/`last` is refused when run; it is priced as if it asked for 100. */
const UNBOUNDED = 100;

export function costOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Cost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let requests = 0;
  let nodeCount = 0;
  let overLimit: string | undefined;
  let dryRun = false;
  const included = (node: FieldNode | { directives?: FieldNode["directives"] }) =>
    getDirectiveValues(GraphQLSkipDirective, node, variables)?.if !== true &&
    getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;

  const walk = (set: SelectionSetNode, parent: GraphQLNamedType, parents: number): void => {
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        walk(selection.selectionSet, type ?? parent, parents);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        const type = fragment && schema.getType(fragment.typeCondition.name.value);
        if (fragment && type) walk(fragment.selectionSet, type, parents);
        continue;
      }
      if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
      const field = parent.getFields()[selection.name.value];
      if (!field) continue;
      const args = getArgumentValues(field, selection, variables);
      if (selection.name.value === "rateLimit" && args.dryRun === true) dryRun = true;
      const type = getNamedType(field.type);
      let below = parents;
      if (isConnection(type)) {
        const size = Number(args.first ?? args.last ?? UNBOUNDED);
        requests += parents;
        below = parents * size;
        nodeCount += below;
        if (nodeCount > NODE_LIMIT && overLimit === undefined)
          overLimit = `By the time this query traverses to the ${selection.name.value} connection, it is requesting up to ${nodeCount.toLocaleString("en-US")} possible nodes which exceeds the maximum limit of ${NODE_LIMIT.toLocaleString("en-US")}.`;
      }
      if (selection.selectionSet) walk(selection.selectionSet, type, below);
    }
  };
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (root) walk(operation.selectionSet, root, 1);
  // A query that reads nothing but `rateLimit` is free (measured on GitHub: `used` stays put).
  const onlyRateLimit = operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && (s.name.value === "rateLimit" || s.name.value === "__typename"),
  );
  const points = onlyRateLimit ? 0 : Math.max(1, Math.round(requests / 100));
  return { points, nodeCount, overLimit, dryRun };
}

/** GitHub's connections: a `…Connection` type with `pageInfo` (every one pages with first/last). */
export function isConnection(type: GraphQLNamedType): boolean {
  return type.name.endsWith("Connection") && isObjectType(type) && "pageInfo" in type.getFields();
}
