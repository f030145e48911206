// The Apollo Server: hardened (CSRF prevention, no batching, depth/alias/cost limits, masked errors).
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, Kind, type FormattedExecutionResult, type OperationDefinitionNode } from 'graphql';
import type { GraphQLContext } from './context.ts';
import { buildResolvers, typeDefs } from './schema.ts';
import { formatError } from './errors.ts';
import { listCostLimit } from './list-cost.ts';
import { jitExecution } from './jit-executor.ts';
import { documentStore } from './document-store.ts';
import { DONE, onePerServer } from './plugins.ts';
import { LibraryError } from '../library/errors.ts';
import { CATALOGUES, say } from '../library/i18n/index.ts';
import type { SentenceKey, Values } from '../library/i18n/keys.ts';
import type { Absolute } from '../library/site-urls.ts';

export const LIMITS = { maxDepth: 8, maxAliases: 15, maxCost: 5000, maxTokens: 2000, maxDirectives: 20 } as const;

/**
 * Sign-ins count against the sign-in budgets; a sign-out against none, so a spent budget never keeps a session
 * alive (each token can end its session once).
 */
const UNCOUNTED = new Set(['issueToken', 'signOut']);

/** Counts a mutation against the caller's write budget, unless it only signs in or out. */
async function countMutation(operation: OperationDefinitionNode, contextValue: GraphQLContext): Promise<void> {
  if (operation.selectionSet.selections.every((field) => field.kind === Kind.FIELD && UNCOUNTED.has(field.name.value)))
    return;
  try {
    await contextValue.countMutation();
  } catch (error) {
    // Thrown outside a resolver, a plain error would become a 500: say 429 and keep the domain error.
    if (error instanceof LibraryError)
      throw new GraphQLError(error.message, { originalError: error, extensions: { http: { status: 429 } } });
    throw error;
  }
}

const mutationRateLimit = onePerServer<GraphQLContext>({
  didResolveOperation: ({ operation, contextValue }) =>
    operation?.operation === 'mutation' ? countMutation(operation, contextValue) : DONE,
});

const isKey = (key: unknown): key is SentenceKey => typeof key === 'string' && Object.hasOwn(CATALOGUES.en, key);

/**
 * Refusals in the caller's language: the member's choice, else Accept-Language (the code, key and values stay
 * the same), said from the sentence formatError put in `extensions`. Only an answer with errors asks which
 * language that is, so a signed-in member's record is read only then.
 */
async function errorsInLanguageOf(result: FormattedExecutionResult, contextValue: GraphQLContext): Promise<void> {
  const locale = await contextValue.locale().catch(() => 'en' as const);
  if (locale === 'en') return;
  result.errors = result.errors?.map((error) => {
    const key = error.extensions?.messageKey;
    if (!isKey(key)) return error;
    return { ...error, message: say(locale, key, error.extensions?.messageValues as Values | undefined) };
  });
}

const errorsInLanguage = onePerServer<GraphQLContext>({
  willSendResponse: ({ response, contextValue }) =>
    response.body.kind === 'single' && response.body.singleResult.errors?.length
      ? errorsInLanguageOf(response.body.singleResult, contextValue)
      : DONE,
});

export function createApolloServer(opts: {
  introspection: boolean;
  production: boolean;
  absolute: Absolute;
  plugins?: ApolloServerPlugin<GraphQLContext>[];
}) {
  // Armor prices the operation's shape; lists at their size and searches at their term are added once the
  // variables are known (list-cost.ts).
  const listCost = listCostLimit(LIMITS.maxCost);
  const armor = new ApolloArmor({
    maxDepth: { n: LIMITS.maxDepth, flattenFragments: true },
    maxAliases: { n: LIMITS.maxAliases },
    costLimit: { maxCost: LIMITS.maxCost, onAccept: [listCost.onAccept] },
    // Armor's token check re-parses in a plugin hook, so any syntax error became a 500; graphql-js counts
    // tokens itself through parseOptions below, and a query over the limit is then a plain parse failure.
    maxTokens: { enabled: false },
    maxDirectives: { n: LIMITS.maxDirectives },
    // "Did you mean ...?" names fields: with introspection off it would still map the schema.
    blockFieldSuggestion: { enabled: opts.production || !opts.introspection },
  }).protect();
  const schema = makeExecutableSchema<GraphQLContext>({ typeDefs, resolvers: buildResolvers(opts.absolute) });
  return new ApolloServer<GraphQLContext>({
    schema,
    introspection: opts.introspection,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    parseOptions: { maxTokens: LIMITS.maxTokens },
    // A few hundred parsed documents, not Apollo's 30 MB of them (document-store.ts).
    documentStore: documentStore(),
    includeStacktraceInErrorResponses: false,
    // Compact JSON: Apollo's default indents every answer (about a third more bytes for a page of books,
    // and more work to write them); the sandbox formats answers itself.
    stringifyResult: (value) => JSON.stringify(value),
    // Apollo's own landing page loads from a CDN; the bundled sandbox page of the SPA replaces it.
    // No cache hints are used (server/cache/shared-query.ts decides by operation), and Apollo's default
    // cache-control plugin wraps every field resolution of every request to compute them.
    plugins: [
      ...(armor.plugins as ApolloServerPlugin<GraphQLContext>[]),
      listCost.plugin,
      mutationRateLimit,
      errorsInLanguage,
      // Operations run compiled (jit-executor.ts) once Apollo has parsed, validated and priced them.
      jitExecution<GraphQLContext>(schema, formatError),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ...(opts.plugins ?? []),
    ],
    // introspection: false already makes Apollo refuse __schema and __type at validation.
    validationRules: armor.validationRules,
    formatError,
    // server/index.ts owns SIGTERM/SIGINT. Apollo's own handler would start stop() first, and the stop()
    // that fastify.close() then calls waits on a barrier Apollo never resolves after a clean stop, so the
    // gateway hung on shutdown (for good on MongoDB, whose driver keeps the process alive).
    stopOnTerminationSignals: false,
  });
}
