// Maps domain failures to GraphQL errors and masks everything unexpected: clients never see stack traces,
// driver messages or internals, only a code and a message meant for them.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { LibraryError } from '../library/errors.ts';

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
  if (original instanceof LibraryError) {
    return {
      message: original.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PASSTHROUGH.has(code)) {
    return { message: formatted.message, ...(formatted.locations ? { locations: formatted.locations } : {}), extensions: { code } };
  }
  // Errors raised by GraphQL itself before any resolver ran (e.g. armor's limits) carry no original error.
  if (original instanceof GraphQLError && !original.originalError && formatted.extensions?.code === undefined) {
    return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
  }
  return { message: 'Internal server error', ...(formatted.path ? { path: formatted.path } : {}), extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
