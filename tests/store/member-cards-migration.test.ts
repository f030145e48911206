// The migration that gives every existing member a card (issue 31), on both stores: members from before cards
// get them in sign-up order, the search finds them by card, a reopen changes nothing, and the next first
// sign-in continues the numbering.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import { memberCard } from '../../shared/barcodes.ts';
import { foldedKey } from '../../server/store/search-words.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { Store } from '../../server/store/port.ts';
import { profile } from './contract/harness.ts';

const OLD_MEMBERS = [
  { id: '000000000000000000000001', uid: 'u-first', name: 'First Member', email: 'first@example.com' },
  { id: '000000000000000000000002', uid: 'u-second', name: 'Second Member', email: 'second@example.com' },
  { id: '000000000000000000000003', uid: 'u-third', name: 'Third Member', email: 'third@example.com' },
];

/** What every store must show after the migration, and again after a reopen. */
async function expectCarded(store: Store): Promise<void> {
  const users = await store.users.list();
  expect(users.map((u) => [u.uid, u.cardNumber])).toEqual([
    ['u-first', memberCard(1)],
    ['u-second', memberCard(2)],
    ['u-third', memberCard(3)],
  ]);
  expect((await store.users.getByCard(memberCard(2)))?.uid).toBe('u-second');
  expect((await store.users.page(memberCard(3), { first: 5 })).nodes.map((u) => u.uid)).toEqual(['u-third']);
  expect(users.every((u) => u.blockedReason === null && u.blockedAt === null)).toBe(true);
}

describe('SQLite: members from before cards', () => {
  it('get cards in sign-up order when the file is opened, once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bookhaven-cards-'));
    const file = join(dir, 'old.db');
    try {
      const cardsAt = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN card_number'));
      expect(cardsAt).toBeGreaterThan(0);
      const old = openDatabaseAt(file, cardsAt);
      const insert = old.prepare(`INSERT INTO users (id, uid, email, name, photo_url, role, status, phone,
        created_at, last_login_at, search_key) VALUES (?, ?, ?, ?, NULL, 'member', 'active', NULL, 0, 0, ?)`);
      for (const m of [...OLD_MEMBERS].reverse()) insert.run(m.id, m.uid, m.email, m.name, foldedKey(m.name, m.email));
      old.close();

      const store = await openSqliteStore(file);
      await expectCarded(store);
      expect((await store.users.upsert(profile({ uid: 'u-new' }))).cardNumber).toBe(memberCard(4));
      await store.close();
      const reopened = await openSqliteStore(file);
      expect((await reopened.users.getByUid('u-first'))?.cardNumber).toBe(memberCard(1));
      expect((await reopened.users.upsert(profile({ uid: 'u-newer' }))).cardNumber).toBe(memberCard(5));
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB: members from before cards', () => {
  it('get cards in sign-up order when the store opens, once', async () => {
    const uri = mongoUri ?? '';
    const dbName = `bh_cards_${process.pid}_${Date.now().toString(36)}`;
    const client = await MongoClient.connect(uri);
    try {
      // Documents as the version before cards wrote them, one of them from before folded search keys.
      await client
        .db(dbName)
        .collection('users')
        .insertMany(
          OLD_MEMBERS.map((m, i) => ({
            _id: ObjectId.createFromHexString(m.id),
            uid: m.uid,
            email: m.email,
            name: m.name,
            photoURL: null,
            role: 'member',
            status: 'active',
            phone: null,
            createdAt: new Date(0),
            lastLoginAt: new Date(0),
            ...(i === 0 ? {} : { searchKey: foldedKey(m.name, m.email) }),
          })),
        );
      const store = await openMongoStore(uri, dbName);
      await expectCarded(store);
      expect((await store.users.upsert(profile({ uid: 'u-new' }))).cardNumber).toBe(memberCard(4));
      await store.close();
      const reopened = await openMongoStore(uri, dbName);
      expect((await reopened.users.getByUid('u-first'))?.cardNumber).toBe(memberCard(1));
      expect((await reopened.users.upsert(profile({ uid: 'u-newer' }))).cardNumber).toBe(memberCard(5));
      await reopened.close();
    } finally {
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});
