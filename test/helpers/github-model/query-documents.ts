import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from "graphql";

/**
 * A query's parsed document and its validation against the schema, worked out once per query text:
 * a run sends the same few queries (Report's, the queue's) hundreds of times, and the model parsed
 * each three times (its name for the log, preparing, the texts a run read) and validated it anew
 * (graphql-js' parse and validate were the model's largest share of an hour-after test). A document is never changed once parsed (graphql-js
 * treats ASTs as immutable), and validation reads only the document and the one schema, so a
 * text's answers are the same each time. A syntax error is thrown again each time, as parse throws it.
 */
const known = new Map<string, { document: DocumentNode; invalid?: readonly GraphQLError[] }>();

export function documentOf(query: string): DocumentNode {
  let entry = known.get(query);
  if (entry === undefined) {
    entry = { document: parse(query) };
    known.set(query, entry);
  }
  return entry.document;
}

/** validate(schema, documentOf(query)), once per query text (the model has one schema). */
export function validationErrorsOf(schema: GraphQLSchema, query: string): readonly GraphQLError[] {
  const document = documentOf(query);
  const entry = known.get(query)!;
  entry.invalid ??= validate(schema, document);
  return entry.invalid;
}
