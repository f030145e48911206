// A throwaway MongoDB database for tests that write documents as a stopped or racing gateway would have left
// them: `work` gets the database and a way to open stores on it; the database is dropped after.
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import { openStore } from '../../server/store/open-store.ts';
import type { Store } from '../../server/store/port.ts';

export async function withMongoData(
  mongoUri: string,
  prefix: string,
  work: (db: Db, open: () => Promise<Store>) => Promise<void>,
): Promise<void> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const client = await MongoClient.connect(mongoUri);
  try {
    await work(client.db(name), () => openStore({ dataDir: '/nonexistent', mongodbUri: mongoUri, mongodbDb: name }));
  } finally {
    await client.db(name).dropDatabase();
    await client.close();
  }
}
