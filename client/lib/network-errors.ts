// The one place where the browser's own failure messages ("Failed to fetch", "Failed to fetch dynamically
// imported module: ...", "NetworkError when attempting to fetch resource.") become sentences a member
// understands. Each browser words them differently; none of them means anything to a reader.
import { ServerError } from '@apollo/client';
import { intl } from './i18n.ts';

/** "We could not reach the library. Check your connection and try again." in the member's language. */
export const networkMessage = (): string => intl().formatMessage({ id: 'network.unreachable' });
export const offlineBanner = (): string => intl().formatMessage({ id: 'network.offlineBanner' });
/** Why a change (borrow, return, renew, hold, payment, edit) is refused while offline. */
export const offlineWrites = (): string => intl().formatMessage({ id: 'network.offlineWrites' });

/** Raised in place of a request that never got an answer (offline, DNS, a dropped connection). */
export class NetworkFailure extends Error {
  constructor(cause?: unknown) {
    super(networkMessage(), { cause });
    this.name = 'NetworkFailure';
  }
}

// Chromium, Firefox, Safari.
const FETCH_FAILED = /^(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/i;
const CHUNK_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * True when no answer came back: fetch's TypeError, or a gateway or proxy in front of it that could not
 * answer (502, 503, 504: the proxy has no healthy gateway, or one is restarting).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkFailure) return true;
  if (ServerError.is(error)) return error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504;
  return error instanceof TypeError && FETCH_FAILED.test(error.message);
}

/** A lazy page's code that did not load: offline, or a deploy replaced the file this page was built with. */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(error.message);
}

/** What to show a member for an error: the network sentence for a lost request, else the error's own text. */
export function friendlyMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error) || isChunkLoadFailure(error)) return networkMessage();
  return error instanceof Error && error.message ? error.message : fallback;
}
