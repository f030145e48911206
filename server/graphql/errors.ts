// Maps domain failures to GraphQL errors and masks everything unexpected: clients never see stack traces,
// driver messages or internals, only a code and a message meant for them. A refusal carries its sentence too
// (`messageKey`, `messageValues`: a key of the library's catalogue and its raw values), so a client can say it
// in the language on its screen; server.ts says `message` in the reader's language.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { LibraryError } from '../library/errors.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';

const PASSTHROUGH = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const domain = domainError(original);
  if (domain) {
    return {
      message: domain.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: {
        code: domain.code,
        messageKey: domain.key,
        messageValues: domain.values,
        ...(domain.field ? { field: domain.field } : {}),
        // The desk's check-out: a policy refusal staff may lend past with a reason (checkOut's `override`).
        ...(domain.overridable ? { overridable: true } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PASSTHROUGH.has(code)) {
    return {
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      extensions: { code },
    };
  }
  // Errors raised by GraphQL itself before any resolver ran (e.g. armor's limits) carry no original error.
  if (original instanceof GraphQLError && !original.originalError && formatted.extensions?.code === undefined) {
    return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
  }
  return {
    message: 'Internal server error',
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

/**
 * The LibraryError behind an error, if any. Outside resolvers (plugin hooks) Apollo wraps what was thrown in
 * a GraphQLError without a path, so follow originalError rather than trust instanceof GraphQLError (which
 * also fails when two copies of graphql are loaded, as under vitest).
 */
function domainError(error: unknown): LibraryError | null {
  let current: unknown = error;
  if (isStoreUnavailable(error)) return new LibraryError('UNAVAILABLE', 'unavailable');
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof LibraryError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return null;
}
