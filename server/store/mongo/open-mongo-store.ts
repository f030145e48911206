// The MongoDB adapter: one client per store; indexes are declared on open (createIndexes is idempotent).
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import type { Store } from '../port.ts';
import { mongoBooks } from './books.ts';
import type { BookDoc, CategoryDoc, LoanDoc, UserDoc } from './documents.ts';
import { createKeyLock } from './key-lock.ts';
import { mongoLoans } from './loans.ts';
import { mongoCategories, mongoUsers } from './people.ts';

async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('books').createIndexes([{ key: { genre: 1, _id: 1 }, name: 'genre_id' }]),
    db.collection('categories').createIndexes([{ key: { name: 1 }, name: 'name_unique', unique: true }]),
    db.collection('borrowedBooks').createIndexes([
      { key: { activeKey: 1 }, name: 'active_key_unique', unique: true },
      { key: { userId: 1, borrowDate: -1, _id: -1 }, name: 'user_newest_first' },
      { key: { userId: 1, status: 1 }, name: 'user_status' },
    ]),
    db.collection('users').createIndexes([{ key: { uid: 1 }, name: 'uid_unique', unique: true }]),
  ]);
}

export async function openMongoStore(uri: string, dbName?: string): Promise<Store> {
  // Short timeouts: when the database is down, requests and health checks should fail fast, not hang.
  const client = new MongoClient(uri, {
    appName: 'bookhaven',
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    socketTimeoutMS: 30_000,
    maxPoolSize: 20,
  });
  await client.connect();
  try {
    const db = client.db(dbName);
    await ensureIndexes(db);
    const books = db.collection<BookDoc>('books');
    const lock = createKeyLock();
    return {
      kind: 'mongodb',
      books: mongoBooks(books, lock),
      categories: mongoCategories(db.collection<CategoryDoc>('categories')),
      loans: mongoLoans(db.collection<LoanDoc>('borrowedBooks'), books, lock),
      users: mongoUsers(db.collection<UserDoc>('users')),
      async ping() {
        await db.command({ ping: 1 });
      },
      async close() {
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
