// Operations run as compiled JavaScript (graphql-jit) instead of graphql-js's interpreter, through Apollo
// Server's gateway interface: Apollo still parses, validates (armor's limits included), resolves the operation
// and runs every plugin hook (the search cost, the write budget), then hands the document to this executor.
// A page of books is about 200 field resolutions; compiled, they cost a fraction of graphql-js's walk.
// A document is compiled the second time it is run (the first runs on graphql-js), and then once: Apollo keeps
// one parsed document per query text (document-store.ts), so a WeakMap keyed by it holds one compiled function
// per operation for as long as Apollo keeps the document, and no longer. A document sent once (a client that
// writes its idempotency key into the query text sends a new one with every write) is not compiled at all:
// compiled, each held 18 KB of generated source and code beside its parse.
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  BREAK,
  execute,
  GraphQLError,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

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

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;

/**
 * graphql-jit's errors leave `extensions` undefined where graphql-js's are {}, and Apollo reads
 * `extensions.code` of every error: rebuilt as graphql-js errors, with the same message, path and locations
 * and the resolver's own error behind them (errors.ts maps it to its code).
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  return Object.assign(rebuilt, { locations: error.locations });
}

export function createJitExecutor(schema: GraphQLSchema): GatewayExecutor {
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
  const interpret = (request: Parameters<GatewayExecutor>[0]) =>
    execute({
      schema,
      document: request.document,
      operationName: request.operationName,
      variableValues: request.request.variables,
      contextValue: request.context,
    }) as Promise<ExecutionResult> | ExecutionResult;

  return async (request) => {
    const query = compile(request.document, request.operationName);
    if (!query) return interpret(request);
    const result = await query.query(undefined, request.context, request.request.variables ?? {});
    // Variables that do not coerce: no resolver ran, and graphql-js words the refusal as clients know it.
    if (!result.errors?.length) return result;
    if (result.data === undefined) return interpret(request);
    return { ...result, errors: result.errors.map(asGraphQLError) };
  };
}

/** An Apollo Server gateway serving one local schema through the compiled executor. */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return { executor: createJitExecutor(schema) };
    },
    async stop() {},
  };
}
