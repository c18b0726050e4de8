import { schema as published } from "@octokit/graphql-schema";
import {
  buildClientSchema,
  defaultFieldResolver,
  execute,
  getNamedType,
  getOperationAST,
  Kind,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";
import type { GithubModel } from "./github-model.ts";
import { documentOf, validationErrorsOf } from "./query-documents.ts";
import { costOf, isConnection, type Cost } from "./graphql-cost.ts";
import {
  syntaxError,
  TypedError,
  validationError,
  variableErrors,
  type GithubError,
} from "./graphql-errors.ts";
import { QUEUE_FIELDS, queueRoot, type QueueContext, type Viewer } from "./graphql-merge-queue.ts";
import { repository } from "./graphql-resolvers.ts";
import type { Answer } from "./routes.ts";

/** GitHub's published GraphQL schema (@octokit/graphql-schema); every query is validated against it. */
const schema = buildClientSchema(published.json as unknown as IntrospectionQuery);

/** `rateLimit` as GitHub answers it: the token's GraphQL window after this query was charged. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  used: number;
  resetAt: string;
}

/**
 * A `POST /graphql` body made ready: refused as GitHub refuses it before running anything (HTTP
 * 200 with `errors` and no `data`, nothing charged), or priced and ready to run.
 */
export type Prepared =
  | { refused: Answer; operationName?: string | undefined; mutation?: undefined; cost?: undefined }
  | {
      refused?: undefined;
      operationName?: string | undefined;
      mutation: boolean;
      cost: Cost;
      /** `viewer`: the token's user, who runs a mutation. */
      run: (model: GithubModel, rateLimit: RateLimitInfo, viewer?: Viewer) => Answer;
    };

/** A request's operation name (`PullForReport`), logged even for a request the test makes fail. */
export function operationNameOf(body: unknown): string | undefined {
  try {
    return getOperationAST(documentOf(String((body as { query?: unknown } | undefined)?.query ?? "")))?.name
      ?.value;
  } catch {
    return undefined;
  }
}

export function prepareGraphql(body: unknown): Prepared {
  const { query, variables = {} } = (body ?? {}) as { query?: unknown; variables?: Record<string, unknown> };
  if (typeof query !== "string")
    return { refused: errors([{ message: "A query attribute must be specified and must be a string." }]) };
  let document: DocumentNode;
  try {
    document = documentOf(query);
  } catch (error) {
    return { refused: errors([syntaxError(error as GraphQLError)]) };
  }
  const operation = getOperationAST(document);
  const operationName = operation?.name?.value;
  const invalid = validationErrorsOf(schema, query);
  if (invalid.length)
    return { operationName, refused: errors(invalid.map((e) => validationError(e, document))) };
  if (!operation) return { operationName, refused: errors([{ message: "An operation name is required" }]) };
  const badVariables = variableErrors(schema, operation, variables);
  if (badVariables.length) return { operationName, refused: errors(badVariables) };
  const cost = costOf(schema, document, operation, variables);
  if (cost.overLimit)
    return { operationName, refused: errors([{ type: "MAX_NODE_LIMIT_EXCEEDED", message: cost.overLimit }]) };
  return {
    operationName,
    mutation: operation.operation === "mutation",
    cost,
    run: (model, rateLimit, viewer) =>
      run(model, cost.dryRun ? onlyRateLimit(document, operation) : document, {
        variables,
        rateLimit: { ...rateLimit, cost: cost.points, nodeCount: cost.nodeCount },
        viewer,
      }),
  };
}

function run(
  model: GithubModel,
  document: DocumentNode,
  {
    variables,
    rateLimit,
    viewer,
  }: { variables: Record<string, unknown>; rateLimit: object; viewer?: Viewer | undefined },
): Answer {
  const result = execute({
    schema,
    document,
    variableValues: variables,
    rootValue: {
      rateLimit: () => rateLimit,
      repository: (args: Args) => repository(model, args),
      ...queueRoot(model, viewer),
    },
    contextValue: { model, viewer } satisfies QueueContext,
    fieldResolver,
  }) as { data?: unknown; errors?: readonly GraphQLError[] };
  const data: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length)
    data.errors = result.errors.map((e) => ({
      ...(e.originalError instanceof TypedError && e.originalError.type
        ? { type: e.originalError.type }
        : {}),
      path: e.path,
      locations: e.locations,
      message: e.message,
    }));
  return { status: 200, data };
}

type Args = Record<string, unknown>;

/**
 * Resolves a field from the model's plain objects (a function-valued property is called with the
 * arguments). A field the model does not keep is an error rather than a silent null, and a
 * connection is refused, as GitHub refuses it when it runs, without `first`/`last` or over 100.
 */
const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (isConnection(getNamedType(info.returnType))) checkPaging(args, info.fieldName);
  const added = QUEUE_FIELDS[info.parentType.name]?.[info.fieldName];
  if (added && typeof source === "object" && source !== null && !(info.fieldName in source))
    return added(source as Record<string, unknown>, args, context as QueueContext);
  if (typeof source !== "object" || source === null || !(info.fieldName in source))
    throw new Error(`The GitHub model does not answer ${info.parentType.name}.${info.fieldName}`);
  return defaultFieldResolver(source, args, context, info);
};

/** GitHub's rules for a connection's page (docs: "Node limit"): `first` or `last`, 1 to 100. */
function checkPaging(args: Args, field: string): void {
  const { first, last } = args as { first?: number | null; last?: number | null };
  if (first == null && last == null)
    throw new TypedError(
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
    );
  if (first != null && last != null)
    throw new TypedError(
      undefined,
      `Passing both \`first\` and \`last\` to paginate the \`${field}\` connection is not supported.`,
    );
  const [name, size] = first != null ? ["first", first] : ["last", last!];
  if (size > 100)
    throw new TypedError(
      "EXCESSIVE_PAGINATION",
      `Requesting ${size} records on the \`${field}\` connection exceeds the \`${name}\` limit of 100 records.`,
    );
  // GitHub's docs give the range but no wording for a value under 1; this one is the model's.
  if (size < 1)
    throw new TypedError(undefined, `\`${name}\` on the \`${field}\` connection must be within 1-100.`);
}

/** The query as `rateLimit(dryRun: true)` answers it: only `rateLimit`, nothing else evaluated. */
function onlyRateLimit(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  const selections = operation.selectionSet.selections.filter(
    (s) => s.kind === Kind.FIELD && s.name.value === "rateLimit",
  );
  return {
    ...document,
    definitions: document.definitions.map((d) =>
      d === operation ? { ...operation, selectionSet: { ...operation.selectionSet, selections } } : d,
    ),
  };
}

function errors(list: readonly GithubError[]): Answer {
  return { status: 200, data: { errors: list } };
}
