import {
  coerceInputValue,
  GraphQLError,
  isEnumType,
  isInputType,
  isNonNullType,
  Kind,
  print,
  typeFromAST,
  visit,
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";

/**
 * GitHub's GraphQL errors as it words them (it runs graphql-ruby; graphql-js words the same rules
 * differently). Seen in GitHub's answers quoted in public issues and tests:
 * `{"path":["query","repository","foo"],"extensions":{"code":"undefinedField","typeName":"Repository",
 * "fieldName":"foo"},"locations":[…],"message":"Field 'foo' doesn't exist on type 'Repository'"}` and
 * `Variable $states of type [IssueState!]! was provided invalid value for 0` with the problems in
 * `extensions`. Rules whose GitHub wording was not found keep graphql-js's message.
 */
export interface GithubError {
  type?: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  message: string;
}

/** An error GitHub reports with a `type` (NOT_FOUND, MISSING_PAGINATION_BOUNDARIES, …). */
export class TypedError extends Error {
  constructor(
    readonly type: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const RULES: Array<[RegExp, (m: string[]) => { message: string; extensions: Record<string, unknown> }]> = [
  [
    /^Cannot query field "(\w+)" on type "(\w+)"\./,
    ([, field, type]) => ({
      message: `Field '${field}' doesn't exist on type '${type}'`,
      extensions: { code: "undefinedField", typeName: type, fieldName: field },
    }),
  ],
  [
    /^Unknown argument "(\w+)" on field "\w+\.(\w+)"\./,
    ([, arg, field]) => ({
      message: `Field '${field}' doesn't accept argument '${arg}'`,
      extensions: { code: "argumentNotAccepted", name: field, typeName: "Field", argumentName: arg },
    }),
  ],
  [
    /^Field "(\w+)" argument "(\w+)" of type ".*" is required, but it was not provided\./,
    ([, field, arg]) => ({
      message: `Field '${field}' is missing required arguments: ${arg}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name: field, arguments: arg },
    }),
  ],
  [
    /^Variable "\$(\w+)" is never used in operation "(\w+)"\./,
    ([, name, op]) => ({
      message: `Variable $${name} is declared by ${op} but not used`,
      extensions: { code: "variableNotUsed", variableName: name },
    }),
  ],
  [
    /^Variable "\$(\w+)" is not defined by operation "(\w+)"\./,
    ([, name, op]) => ({
      message: `Variable $${name} is used by ${op} but not declared`,
      extensions: { code: "variableNotDefined", variableName: name },
    }),
  ],
  [
    // GitHub's words, quoted in OmniNode-ai/omnibase_core#895 (an input field the schema dropped).
    /^Field "(\w+)" is not defined by type "(\w+)"\./,
    ([, field, type]) => ({
      message: `InputObject '${type}' doesn't accept argument '${field}'`,
      extensions: { code: "argumentNotAccepted", name: type, typeName: "InputObject", argumentName: field },
    }),
  ],
  [
    /^Unknown type "(\w+)"\./,
    ([, type]) => ({
      message: `No such type ${type}, so it can't be a fragment condition`,
      extensions: { code: "undefinedType", typeName: type },
    }),
  ],
];

const TOKENS: Record<string, string> = {
  "{": "LCURLY",
  "}": "RCURLY",
  "(": "LPAREN",
  ")": "RPAREN",
  "[": "LBRACKET",
  "]": "RBRACKET",
  ":": "COLON",
  "!": "BANG",
  "=": "EQUALS",
  $: "VAR_SIGN",
  "@": "DIR_SIGN",
  "...": "ELLIPSIS",
  "|": "PIPE",
  "&": "AMP",
};

/**
 * A query GitHub cannot parse, as graphql-ruby words it: `Parse error on "}" (RCURLY) at [1, 5]`,
 * or `Unexpected end of document`; other lexer errors keep graphql-js's words.
 */
export function syntaxError(error: GraphQLError): GithubError {
  const locations = error.locations;
  const at = locations?.[0];
  if (/<EOF>/.test(error.message)) return { locations, message: "Unexpected end of document" };
  const found = /(?:found|Unexpected) (?:(Name|Int|Float|String) )?"([^"]*)"\.$/.exec(error.message);
  if (!found || !at) return { locations, message: error.message };
  const [, kind, text] = found as unknown as [string, string | undefined, string];
  const token = kind
    ? { Name: "IDENTIFIER", Int: "INT", Float: "FLOAT", String: "STRING" }[kind]
    : TOKENS[text];
  return {
    locations,
    message: `Parse error on "${text}" (${token ?? "UNKNOWN_CHAR"}) at [${at.line}, ${at.column}]`,
  };
}

/** A validation error of graphql-js as GitHub words it, with GitHub's `path` into the query. */
export function validationError(error: GraphQLError, document: DocumentNode): GithubError {
  for (const [pattern, word] of RULES) {
    const m = pattern.exec(error.message);
    if (!m) continue;
    const { message, extensions } = word(m);
    const node = error.nodes?.[0];
    return { path: node ? pathTo(document, node) : [], extensions, locations: error.locations, message };
  }
  return { locations: error.locations, message: error.message };
}

/** GitHub's path to a node of the query: `query Name`, then each field's name and `... on Type`. */
function pathTo(document: DocumentNode, target: ASTNode): string[] {
  let found: string[] = [];
  visit(document, {
    enter(node, _key, _parent, _path, ancestors) {
      if (node !== target) return undefined;
      found = [...ancestors, node].flatMap((a) => {
        if (Array.isArray(a) || !("kind" in (a as ASTNode))) return [];
        const n = a as ASTNode;
        if (n.kind === Kind.OPERATION_DEFINITION) return [n.operation + (n.name ? ` ${n.name.value}` : "")];
        if (n.kind === Kind.FRAGMENT_DEFINITION) return [`fragment ${n.name.value}`];
        if (n.kind === Kind.INLINE_FRAGMENT)
          return [n.typeCondition ? `... on ${n.typeCondition.name.value}` : "..."];
        return n.kind === Kind.FIELD ? [n.name.value] : [];
      });
      return false;
    },
  });
  return found;
}

/**
 * The variables GitHub refuses before running anything: one error per variable, as graphql-ruby
 * words it (`Variable $number of type Int! was provided invalid value`).
 */
export function variableErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GithubError[] {
  const errors: GithubError[] = [];
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type);
    if (!type || !isInputType(type)) continue;
    const value = variables[name];
    const problems: Array<{ path: Array<string | number>; explanation: string }> = [];
    if (value === undefined || value === null) {
      if (isNonNullType(type) && !def.defaultValue)
        problems.push({ path: [], explanation: "Expected value to not be null" });
    } else
      coerceInputValue(value, type, (path, invalid, error) =>
        problems.push({ path: [...path], explanation: explain(schema, invalid, error) }),
      );
    const first = problems[0];
    if (!first) continue;
    const at = first.path.length ? ` for ${first.path.join(".")}` : "";
    errors.push({
      extensions: { value: value ?? null, problems },
      locations: def.loc ? [{ line: def.loc.startToken.line, column: def.loc.startToken.column }] : [],
      message: `Variable $${name} of type ${print(def.type)} was provided invalid value${at}`,
    });
  }
  return errors;
}

/** graphql-ruby's explanation for a value a type cannot take. */
function explain(schema: GraphQLSchema, invalid: unknown, error: GraphQLError): string {
  const type = schema.getType(/in "(\w+)" enum/.exec(error.message)?.[1] ?? "");
  const scalar = /^(\w+) cannot represent/.exec(error.message)?.[1];
  if (type && isEnumType(type))
    return `Expected ${JSON.stringify(invalid)} to be one of: ${type
      .getValues()
      .map((v) => v.name)
      .join(", ")}`;
  if (scalar) return `Could not coerce value ${JSON.stringify(invalid)} to ${scalar}`;
  return error.message;
}
