// Operations run as compiled JavaScript (graphql-jit) instead of graphql-js's interpreter, from a plugin's
// `responseForOperation` hook: Apollo still parses, validates (armor's limits included), resolves the operation
// and runs every plugin hook before it (the search cost, the write budget) and after it (the errors in the
// member's language), and executes with graphql-js whatever the hook declines. A page of books is about 200
// field resolutions; compiled, they cost a fraction of graphql-js's walk.
// Not through Apollo's gateway interface, as before: with it each request's whole context survived the young
// generation's collections (through the request Apollo builds for the gateway, whose `status` accessors hold
// it): 2.3 KB promoted a request, a mark-compact every 3,000 `{ __typename }` under the deployed heap flags
// (decision 090).
// A document is compiled the second time it is run (the first runs on graphql-js), and then once: Apollo keeps
// one parsed document per query text (document-store.ts), so a WeakMap keyed by it holds one compiled function
// per operation for as long as Apollo keeps the document, and no longer. A document sent once (a client that
// writes its idempotency key into the query text sends a new one with every write) is not compiled at all:
// compiled, each held 18 KB of generated source and code beside its parse.
import {
  HeaderMap,
  type ApolloServerOptions,
  type ApolloServerPlugin,
  type BaseContext,
  type GraphQLResponse,
} from '@apollo/server';
import { BREAK, GraphQLError, visit, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { onePerServer } from './plugins.ts';

/** Introspection is answered by graphql-js: rare, and graphql-jit's support for it is not what it is tested for. */
function introspects(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * graphql-jit's errors leave `extensions` undefined where graphql-js's are {}: rebuilt as graphql-js errors, with
 * the same message, path and locations and the resolver's own error behind them (errors.ts maps it to its code).
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  return Object.assign(rebuilt, { locations: error.locations });
}

/** What the compiled executor runs: an operation Apollo has parsed, validated and resolved. */
export interface CompiledRequest {
  document: DocumentNode;
  operationName: string | null;
  variables: Record<string, unknown> | undefined;
  context: unknown;
}

/**
 * The compiled answer to an operation, or null where graphql-js is to run it: the first run of a document,
 * introspection, an operation graphql-jit cannot compile, and variables that do not coerce (no resolver ran;
 * graphql-js words the refusal as clients know it).
 */
export function createJitExecutor(
  schema: GraphQLSchema,
): (request: CompiledRequest) => Promise<ExecutionResult | null> {
  // null: this operation runs on graphql-js (introspection, or graphql-jit could not compile it); 'once': it
  // has run once, on graphql-js.
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null | 'once'>>();
  const compile = (document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    let query = byName.get(key);
    if (query === undefined) {
      byName.set(key, 'once');
      return null;
    }
    if (query === 'once') {
      const result = introspects(document) ? null : compileQuery(schema, document, operationName ?? undefined);
      query = result && isCompiledQuery(result) ? result : null;
      byName.set(key, query);
    }
    return query;
  };

  return async (request) => {
    const query = compile(request.document, request.operationName);
    if (!query) return null;
    const result = await query.query(undefined, request.context, request.variables ?? {});
    if (!result.errors?.length) return result;
    if (result.data === undefined) return null;
    return { ...result, errors: result.errors.map(asGraphQLError) };
  };
}

type FormatError = NonNullable<ApolloServerOptions<BaseContext>['formatError']>;

/**
 * A resolver's errors as Apollo formats those of an execution (its `normalizeAndFormatErrors`, not exported):
 * a code (INTERNAL_SERVER_ERROR when none), an `http` extension taken into the answer's status and headers,
 * then `formatError`; one that fails to format is an internal error.
 */
function formattedErrors(errors: readonly GraphQLError[], formatError: FormatError, http: GraphQLResponse['http']) {
  return errors.map((error) => {
    try {
      const { http: head, ...extensions } = {
        ...error.extensions,
        code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR',
      };
      if (head && typeof head === 'object') {
        const { status, headers } = head as { status?: number; headers?: Map<string, string> };
        if (typeof status === 'number') http.status = status;
        if (headers instanceof Map) for (const [name, value] of headers) http.headers.set(name, value);
      }
      return formatError({ ...error.toJSON(), extensions }, error);
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
}

/**
 * The plugin that answers operations from their compiled form (createJitExecutor). Its answer skips Apollo's
 * execution phase: no plugin here has execution hooks, and the only `didEncounterErrors` hook (armor's, which
 * masks "Did you mean" in validation and variable errors) concerns errors this path leaves to graphql-js.
 */
export function jitExecution<Context extends BaseContext>(
  schema: GraphQLSchema,
  formatError: FormatError,
): ApolloServerPlugin<Context> {
  const run = createJitExecutor(schema);
  return onePerServer<Context>({
    async responseForOperation({ document, operationName, request, contextValue }) {
      const result = await run({ document, operationName, variables: request.variables, context: contextValue });
      if (!result) return null;
      const http: GraphQLResponse['http'] = { status: undefined, headers: new HeaderMap() };
      const singleResult = result.errors?.length
        ? { ...result, errors: formattedErrors(result.errors, formatError, http) }
        : result;
      return { http, body: { kind: 'single', singleResult } };
    },
  });
}
