// What a signed-in member has seen, kept on this device so that the last pages they opened open offline too
// (decision 051). Signed-in queries are POSTs that no HTTP or service-worker cache keeps, so the SPA keeps its
// own: the Apollo cache, in localStorage, under the member the session token was issued to. It is read back
// only while offline, only for that same member, and it goes when the session goes (sign-out, or a session the
// gateway or Firebase ended), so another account on the same device never sees it.
import { ApolloLink, type InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { of, tap } from 'rxjs';
import { sessionClaims, subscribeToToken, getToken } from './token-storage.ts';

export const OFFLINE_CACHE_KEY = 'bookHavenOfflinePages';

interface Kept {
  uid: string;
  data: NormalizedCacheObject;
}

function read(): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(OFFLINE_CACHE_KEY) ?? 'null') as Kept | null;
    return kept && typeof kept.uid === 'string' && typeof kept.data === 'object' ? kept : null;
  } catch {
    return null;
  }
}

export function forgetOfflinePages(): void {
  try {
    localStorage.removeItem(OFFLINE_CACHE_KEY);
  } catch {
    // Storage is unavailable: nothing was kept.
  }
}

/** What was kept, with this page's answers added (they win): each page load starts with an empty cache. */
function merged(kept: NormalizedCacheObject, current: NormalizedCacheObject): NormalizedCacheObject {
  return {
    ...kept,
    ...current,
    ROOT_QUERY: { ...kept['ROOT_QUERY'], ...current['ROOT_QUERY'] } as NormalizedCacheObject[string],
  };
}

/** More than this (characters of JSON) and the older pages are let go: localStorage holds about 5 MB. */
const MAX_KEPT = 1_000_000;

function save(cache: InMemoryCache): void {
  const uid = sessionClaims()?.uid;
  if (!uid) return;
  const kept = read();
  const current = cache.extract();
  let text = JSON.stringify({ uid, data: kept?.uid === uid ? merged(kept.data, current) : current } satisfies Kept);
  if (text.length > MAX_KEPT) text = JSON.stringify({ uid, data: current } satisfies Kept);
  try {
    localStorage.setItem(OFFLINE_CACHE_KEY, text);
  } catch {
    // Storage is full or unavailable: the pages are simply not kept for offline.
  }
}

/** Adds what this member saw before to what this page has loaded. */
function restore(cache: InMemoryCache): void {
  const kept = read();
  if (!kept || kept.uid !== sessionClaims()?.uid) return;
  cache.restore(merged(kept.data, cache.extract()));
}

/**
 * Keeps `cache` for offline use: saved after each answer and when the page goes away, read back when the page
 * starts offline or the network goes. Returns the link that saves after each answer.
 */
export function keepPagesForOffline(cache: InMemoryCache): ApolloLink {
  let pending = false;
  const saveSoon = () => {
    if (pending) return;
    pending = true;
    // After Apollo has written the answer into the cache.
    setTimeout(() => {
      pending = false;
      save(cache);
    }, 0);
  };
  if (!navigator.onLine) restore(cache);
  window.addEventListener('offline', () => restore(cache));
  window.addEventListener('pagehide', () => save(cache));
  // The session went (sign-out, or it ended): what it loaded goes with it.
  subscribeToToken(() => {
    if (getToken() === null) forgetOfflinePages();
  });
  return new ApolloLink((operation, forward) => forward(operation).pipe(tap({ complete: saveSoon })));
}

/**
 * While offline, a read this device can answer in full from what was loaded before is answered from it, so a
 * page that asks the network every time (cache-and-network) still shows it, instead of the network's failure.
 */
export function offlineReadsLink(cache: InMemoryCache): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const isRead = operation.query.definitions.some(
      (definition) => definition.kind === 'OperationDefinition' && definition.operation === 'query',
    );
    if (!isRead || navigator.onLine) return forward(operation);
    const kept = cache.diff<Record<string, unknown>>({
      query: operation.query,
      variables: operation.variables,
      optimistic: false,
      returnPartialData: false,
    });
    if (!kept.complete || !kept.result) return forward(operation);
    return of({ data: kept.result });
  });
}
