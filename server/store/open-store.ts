// Picks the adapter from configuration: MongoDB when a URI is given, otherwise the embedded SQLite file.
import { join } from 'node:path';
import { observeWrites, type ObservedStore, type StoreCallObserver } from './observed.ts';
import { openSqliteStore } from './sqlite/open-sqlite-store.ts';

export interface OpenStoreOptions {
  dataDir: string;
  mongodbUri?: string | null;
  mongodbDb?: string;
  /** Times every store call (see observed.ts); only when /metrics is on. */
  onCall?: StoreCallObserver;
  /** Milliseconds, monotonic: the clock the revision is kept by (tests move it). */
  now?: () => number;
}

export async function openStore(opts: OpenStoreOptions): Promise<ObservedStore> {
  if (opts.mongodbUri) {
    // Loaded only when used: the driver costs an embedded gateway about 9 MB of RSS for nothing.
    const { openMongoStore } = await import('./mongo/open-mongo-store.ts');
    return observeWrites(await openMongoStore(opts.mongodbUri, opts.mongodbDb), { onCall: opts.onCall, now: opts.now });
  }
  return observeWrites(await openSqliteStore(join(opts.dataDir, 'bookhaven.db')), {
    onCall: opts.onCall,
    now: opts.now,
  });
}
