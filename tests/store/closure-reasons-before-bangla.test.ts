// Closures recorded before a closure had a Bangla reason (issue 41): the fixed-date holidays the library seeded
// get their Bangla names (SQLite's migration 33 writes them, MongoDB's store when it opens), any other closure
// keeps its English reason alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { ClosureDoc } from '../../server/store/mongo/calendar.ts';
import type { Store } from '../../server/store/port.ts';

const OLD: [day: string, reason: string][] = [
  ['2026-12-16', 'Victory Day'],
  ['2026-12-17', 'Emergency: flooding'],
  ['2026-12-25', 'Christmas Day'],
];
const CREATED = new Date('2026-01-01T00:00:00.000Z');

async function expectReasons(store: Store) {
  const read = await store.calendar.closures('2026-12-01', '2026-12-31');
  expect(read.map((c) => [c.day, c.reason, c.reasonBn])).toEqual([
    ['2026-12-16', 'Victory Day', 'বিজয় দিবস'],
    ['2026-12-17', 'Emergency: flooding', null],
    ['2026-12-25', 'Christmas Day', 'বড়দিন'],
  ]);
}

describe('SQLite', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bookhaven-closures-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('migration 33 gives the seeded holidays their Bangla names', async () => {
    const file = join(dir, 'old.db');
    const old = openDatabaseAt(
      file,
      MIGRATIONS.findIndex((sql) => sql.includes('reason_bn')),
    );
    const insert = old.prepare('INSERT INTO closures (day, reason, created_at) VALUES (?, ?, ?)');
    for (const [day, reason] of OLD) insert.run(day, reason, CREATED.getTime());
    old.close();
    const store = await openSqliteStore(file);
    try {
      await expectReasons(store);
    } finally {
      await store.close();
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB', () => {
  const name = `bh_closures_${process.pid}_${Date.now().toString(36)}`;
  let client: MongoClient;
  beforeAll(async () => {
    client = await MongoClient.connect(mongoUri ?? '', { serverSelectionTimeoutMS: 5_000 });
  });
  afterAll(async () => {
    await client.db(name).dropDatabase();
    await client.close();
  });

  it('gives the seeded holidays their Bangla names when the store opens', async () => {
    const docs: ClosureDoc[] = OLD.map(([day, reason]) => ({ _id: day, reason, createdAt: CREATED }));
    await client.db(name).collection<ClosureDoc>('closures').insertMany(docs);
    const store = await openMongoStore(mongoUri ?? '', name);
    try {
      await expectReasons(store);
    } finally {
      await store.close();
    }
  });
});
