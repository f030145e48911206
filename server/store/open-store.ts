// Picks the adapter from configuration: MongoDB when a URI is given, otherwise the embedded SQLite file.
import { join } from 'node:path';
import type { Store } from './port.ts';
import { openMongoStore } from './mongo/open-mongo-store.ts';
import { openSqliteStore } from './sqlite/open-sqlite-store.ts';

export interface OpenStoreOptions {
  dataDir: string;
  mongodbUri?: string | null;
  mongodbDb?: string;
}

export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  if (opts.mongodbUri) return openMongoStore(opts.mongodbUri, opts.mongodbDb);
  return openSqliteStore(join(opts.dataDir, 'bookhaven.db'));
}
