import { schema as published } from "@octokit/graphql-schema";
import {
  buildClientSchema,
  execute,
  getNamedType,
  Kind,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLError,
  type IntrospectionQuery,
  type ValueNode,
} from "graphql";
import { commit, connection, issue, NotFound, pull } from "./graphql-objects.ts";
import { REPOSITORY, type GithubModel } from "./github-model.ts";
import type { Answer } from "./routes.ts";

/** GitHub's published GraphQL schema (@octokit/graphql-schema); every query is validated against it. */
const schema = buildClientSchema(published.json as unknown as IntrospectionQuery);

/** What a query asks of each connection, as GitHub's rate limit reads it: `first` or `last`, 1 to 100. */
interface Page {
  field: string;
  size: number;
  depth: number;
}

/**
 * Answers `POST /graphql` as GitHub does: HTTP 200 with `errors` for a query the schema refuses,
 * or for a connection without `first`/`last` or over 100; otherwise `data` from the model's state
 * (with `errors` and `null` where something is absent). `cost` is the query's rate-limit score.
 */
export function answerGraphql(
  model: GithubModel,
  body: unknown,
  rateLimit: (cost: number) => Record<string, unknown>,
):
  | { answer: Answer; cost: number; run?: undefined }
  | { run: () => Answer; cost: number; answer?: undefined } {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: Record<string, unknown> };
  let document: DocumentNode;
  try {
    document = parse(String(query ?? ""));
  } catch (error) {
    return { answer: errors([error as GraphQLError]), cost: 0 };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { answer: errors(invalid), cost: 0 };
  const pages = connections(document, variables ?? {});
  const refused = pages.find((p) => typeof p === "string");
  if (typeof refused === "string")
    return {
      answer: {
        status: 200,
        data: { errors: [{ type: "MISSING_PAGINATION_BOUNDARIES", message: refused }] },
      },
      cost: 0,
    };
  const cost = costOf(pages as Page[]);
  return { cost, run: () => run(model, document, variables ?? {}, () => rateLimit(cost)) };
}

function run(
  model: GithubModel,
  document: DocumentNode,
  variables: Record<string, unknown>,
  rateLimit: () => unknown,
): Answer {
  const result = execute({
    schema,
    document,
    variableValues: variables ?? {},
    rootValue: {
      rateLimit,
      repository: (args: Record<string, unknown>) => repository(model, args),
    },
  }) as { data?: unknown; errors?: readonly GraphQLError[] };
  const data: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length)
    data.errors = result.errors.map((e) => ({
      ...(e.originalError instanceof NotFound ? { type: "NOT_FOUND" } : {}),
      path: e.path,
      locations: e.locations,
      message: e.message,
    }));
  return { status: 200, data };
}

function errors(list: readonly GraphQLError[]): Answer {
  return { status: 200, data: { errors: list.map((e) => ({ message: e.message, locations: e.locations })) } };
}

function repository(m: GithubModel, { owner, name }: Record<string, unknown>) {
  if (`${String(owner)}/${String(name)}` !== REPOSITORY)
    throw new NotFound(`Could not resolve to a Repository with the name '${String(owner)}/${String(name)}'.`);
  return {
    nameWithOwner: REPOSITORY,
    defaultBranchRef: { name: m.defaultBranch, target: commit(m, m.mainSha) },
    pullRequests: (args: Record<string, unknown>) => {
      const states = (args.states as string[] | undefined)?.map((s) => s.toLowerCase());
      const order = args.orderBy as { field?: string; direction?: string } | undefined;
      const list = m.pulls
        .filter((p) => !states || states.includes(p.merged ? "merged" : p.state))
        .filter((p) => !args.baseRefName || p.base.ref === args.baseRefName)
        .filter((p) => !args.headRefName || p.head.ref === args.headRefName)
        .sort((a, b) => (order?.direction === "DESC" ? b.number - a.number : a.number - b.number));
      return connection(
        list.map((p) => pull(m, p)),
        args,
      );
    },
    pullRequest: ({ number }: Record<string, unknown>) => {
      const found = m.pull(Number(number));
      if (!found)
        throw new NotFound(`Could not resolve to a PullRequest with the number of ${String(number)}.`);
      return pull(m, found);
    },
    issue: ({ number }: Record<string, unknown>) => {
      const found = m.issues.find((i) => i.number === Number(number));
      if (!found) throw new NotFound(`Could not resolve to an Issue with the number of ${String(number)}.`);
      return issue(m, found);
    },
    issues: (args: Record<string, unknown>) => {
      const states = (args.states as string[] | undefined)?.map((s) => s.toLowerCase());
      const list = m.issues
        .filter((i) => !states || states.includes(i.state))
        .sort((a, b) => a.number - b.number);
      return connection(
        list.map((i) => issue(m, i)),
        args,
      );
    },
    ref: ({ qualifiedName }: Record<string, unknown>) => {
      const name = /^refs\/heads\/(.+)$/.exec(String(qualifiedName))?.[1];
      const sha = name === undefined ? undefined : m.branch(REPOSITORY, name);
      return sha ? { name, prefix: "refs/heads/", target: commit(m, sha) } : null;
    },
    object: ({ oid, expression }: Record<string, unknown>) => {
      const [rev, path] = String(expression ?? oid).split(/:(.*)/s);
      const sha = m.git.has(String(rev)) ? String(rev) : m.branch(REPOSITORY, String(rev));
      if (!sha) return null;
      if (path === undefined) return commit(m, sha);
      const file = commit(m, sha).file({ path });
      return file ? file.object : null;
    },
  };
}

/** Every connection the query selects, with its page size and nesting; or why GitHub refuses it. */
function connections(document: DocumentNode, variables: Record<string, unknown>): Array<Page | string> {
  const info = new TypeInfo(schema);
  const found: Array<Page | string> = [];
  const value = (node: ValueNode | undefined): unknown =>
    node === undefined
      ? undefined
      : node.kind === Kind.VARIABLE
        ? variables[node.name.value]
        : node.kind === Kind.INT
          ? Number(node.value)
          : undefined;
  let depth = 0;
  visit(
    document,
    visitWithTypeInfo(info, {
      Field: {
        enter(node) {
          const type = info.getType();
          if (!type || !getNamedType(type).name.endsWith("Connection")) return;
          depth++;
          const first = value(node.arguments?.find((a) => a.name.value === "first")?.value);
          const last = value(node.arguments?.find((a) => a.name.value === "last")?.value);
          const size = (first ?? last) as number | undefined;
          const name = node.name.value;
          if (size === undefined)
            found.push(
              `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
            );
          else if (size > 100 || size < 0)
            found.push(
              `Requesting ${size} records on the \`${name}\` connection exceeds the \`${first !== undefined ? "first" : "last"}\` limit of 100 records.`,
            );
          else found.push({ field: name, size, depth });
        },
        leave() {
          const type = info.getType();
          if (type && getNamedType(type).name.endsWith("Connection")) depth--;
        },
      },
    }),
  );
  return found;
}

/**
 * GitHub's rate-limit score (docs: "Rate limits and query limits for the GraphQL API"): the
 * requests each connection needs, its parents' page sizes multiplied, added up, divided by 100 and
 * rounded; at least 1.
 */
function costOf(pages: readonly Page[]): number {
  let requests = 0;
  const stack: number[] = [];
  for (const p of pages) {
    stack.length = p.depth - 1;
    requests += stack.reduce((a, b) => a * b, 1);
    stack[p.depth - 1] = p.size;
  }
  return Math.max(1, Math.round(requests / 100));
}
