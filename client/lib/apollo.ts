import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { catchError, throwError } from 'rxjs';
import { getToken, removeToken } from './token-storage.ts';
import { language } from './i18n.ts';
import { isNetworkFailure, NetworkFailure, offlineWrites } from './network-errors.ts';
import { newRequestKey } from './request-key.ts';
import { fetchWithEarlyAnswers } from './early-answers.ts';
import { keepPagesForOffline, offlineReadsLink } from './offline-cache.ts';

// FORBIDDEN means this member may not do that (a staff-only action), not that the session is gone.
const SESSION_CODES = new Set(['UNAUTHENTICATED']);

function goToLogin(): void {
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

/** True for the failures that mean the session is gone: HTTP 401/403 (the REST error catalogue) and GraphQL UNAUTHENTICATED. */
export function isSessionError(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 401 || error.statusCode === 403;
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => SESSION_CODES.has(String(e.extensions?.['code'] ?? '')));
  }
  return false;
}

export function createCache(): InMemoryCache {
  // Book, BorrowRecord, User and Category are normalised by `id`, Apollo's default key. The policy is one object
  // for the whole library: queries asking for different parts of it (the header, the desk) merge into it rather
  // than each replacing the other's fields, which would send the other back to the network.
  return new InMemoryCache({ typePolicies: { Policy: { keyFields: [] } } });
}

type Options = { uri?: string; onSessionExpired?: () => void };

/**
 * Queries sent without a session go as GET, so the browser (and any proxy or CDN) can keep the public ones and
 * revalidate them with their ETag; the header satisfies Apollo Server's CSRF prevention, which refuses a GET
 * a plain form or image could send. Signed-in queries and every mutation stay POST (never cached).
 */
function transport(uri: string): ApolloLink {
  return ApolloLink.split(
    (operation) => !(operation.getContext()['headers'] as Record<string, string> | undefined)?.['authorization'],
    new HttpLink({ uri, useGETForQueries: true, headers: { 'apollo-require-preflight': 'true' } }),
    new HttpLink({ uri, fetch: fetchWithEarlyAnswers }),
  );
}

/**
 * Every request that got no answer fails with one error, NetworkFailure, whose message is the sentence a member
 * can act on; the browser's own ("Failed to fetch") stays in its cause for the console.
 */
export const networkFailureLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    catchError((error: unknown) => throwError(() => (isNetworkFailure(error) ? new NetworkFailure(error) : error))),
  ),
);

/**
 * A write that takes an idempotency key (it declares `$idempotencyKey`) gets one per call, that is per action
 * of the member, unless its caller chose one; the retry below sends the same operation, so the same key.
 */
export const requestKeyLink = new ApolloLink((operation, forward) => {
  const takesKey = operation.query.definitions.some(
    (definition) =>
      definition.kind === 'OperationDefinition' &&
      definition.operation === 'mutation' &&
      definition.variableDefinitions?.some((variable) => variable.variable.name.value === 'idempotencyKey'),
  );
  if (takesKey && operation.variables['idempotencyKey'] == null)
    operation.variables = { ...operation.variables, idempotencyKey: newRequestKey() };
  return forward(operation);
});

/**
 * A write that carries an idempotency key is sent once more, with the same key, when no answer came back: if
 * the first send did reach the gateway, the gateway answers its first result instead of a refusal ("already
 * borrowed"). Reads and writes without a key are not retried here; after the second failure the caller says
 * plainly that the library could not be reached (see lib/uncertain-write.ts).
 */
export const keyedWriteRetryLink = new RetryLink({
  delay: { initial: 300, max: 300, jitter: false },
  attempts: {
    max: 2,
    retryIf: (error, operation) => isNetworkFailure(error) && typeof operation.variables['idempotencyKey'] === 'string',
  },
});

/**
 * While the browser is offline a change is refused before it is sent, with the reason the offline banner gives,
 * as a GraphQL error (code OFFLINE) so that every form and dialog shows it where it shows the gateway's refusals.
 * Reads go on: the service worker may answer them from what was loaded before.
 */
export const offlineWritesLink = new ApolloLink((operation, forward) => {
  const isWrite = operation.query.definitions.some(
    (definition) => definition.kind === 'OperationDefinition' && definition.operation === 'mutation',
  );
  if (!isWrite || navigator.onLine) return forward(operation);
  return throwError(
    () => new CombinedGraphQLErrors({ errors: [{ message: offlineWrites(), extensions: { code: 'OFFLINE' } }] }),
  );
});

export function createApolloClient({ uri = '/graphql', onSessionExpired = goToLogin }: Options = {}): ApolloClient {
  const authLink = new SetContextLink((prev) => {
    const token = getToken();
    // The gateway answers refusals in the language the member reads the SPA in, not the browser's.
    const headers = { ...(prev['headers'] as Record<string, string> | undefined), 'accept-language': language() };
    return { headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers };
  });
  const errorLink = new ErrorLink(({ error }) => {
    if (isSessionError(error)) {
      removeToken();
      onSessionExpired();
    }
    // Other errors reach the caller unchanged.
  });
  const cache = createCache();
  return new ApolloClient({
    link: ApolloLink.from([
      networkFailureLink,
      offlineWritesLink,
      offlineReadsLink(cache),
      keepPagesForOffline(cache),
      requestKeyLink,
      keyedWriteRetryLink,
      errorLink,
      authLink,
      transport(uri),
    ]),
    cache,
  });
}
