// Tells a store outage (database unreachable, connection lost, store closed) from a bug, so transports can
// answer 503 "try again" instead of 500.
const OUTAGE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

export function isStoreUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (OUTAGE_ERRORS.has(current.name)) return true;
    // node:sqlite on a closed database.
    if ((current as { code?: string }).code === 'ERR_INVALID_STATE' && /database is not open/i.test(current.message))
      return true;
    current = (current as { originalError?: unknown; cause?: unknown }).originalError ?? current.cause;
  }
  return false;
}
