// Payments and waivers recorded before receipts were records (decision 074) get, once, the balance just after
// each (in the order settlement.ts reads a ledger) and references in the order recorded, a sequence a year:
// SQLite's migration 28 writes them, MongoDB's store writes them when it opens. Charges recorded before take theirs
// after (SQLite's migration 29). New credits continue the sequence.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { LedgerDoc } from '../../server/store/mongo/documents.ts';
import type { LedgerKind, Store } from '../../server/store/port.ts';

/** user, kind, amount, when: one instant holds a charge and a payment (the charge counts first). */
const OLD: [string, LedgerKind, number, string][] = [
  ['u1', 'replacement', 500, '2025-06-01T10:00:00Z'],
  ['u1', 'payment', 100, '2025-06-02T10:00:00Z'],
  ['u2', 'payment', 150, '2025-12-31T10:00:00Z'],
  ['u2', 'late-fee', 200, '2025-12-31T10:00:00Z'],
  ['u1', 'waiver', 50, '2025-07-01T10:00:00Z'],
  ['u1', 'payment', 25, '2026-01-05T10:00:00Z'],
];
const id = (i: number) => `c${String(i).padStart(23, '0')}`;

async function expectRecords(store: Store) {
  const entries = [...(await store.ledger.list('u1')), ...(await store.ledger.list('u2'))];
  const read = new Map(entries.map((e) => [e.id, [e.balanceAfter, e.reference]]));
  // Credits first (as they were numbered when receipts became records), then charges after them (decision 074,
  // amended: every entry has a reference).
  expect(OLD.map((_, i) => read.get(id(i)))).toEqual([
    [null, 'R-2025-000004'],
    [400, 'R-2025-000001'],
    [50, 'R-2025-000003'],
    [null, 'R-2025-000005'],
    [350, 'R-2025-000002'],
    [325, 'R-2026-000001'],
  ]);
  const next = await store.ledger.credit({
    userId: 'u1',
    kind: 'payment',
    amount: 5,
    note: 'Cash',
    recordedBy: 'Desk',
    createdAt: new Date('2026-02-01T10:00:00Z'),
  });
  expect(next).toMatchObject({ ok: true, entry: { balanceAfter: 320, reference: 'R-2026-000002' } });
  expect((await store.ledger.byReference('R-2025-000003'))?.id).toBe(id(2));
}

describe('SQLite', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bookhaven-receipts-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('migration 28 writes each old credit its balance after and its reference', async () => {
    const file = join(dir, 'old.db');
    const old = openDatabaseAt(
      file,
      MIGRATIONS.findIndex((sql) => sql.includes('ledger_references')),
    );
    const insert = old.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
      created_at) VALUES (?, ?, ?, ?, NULL, NULL, 'Old', NULL, ?)`);
    OLD.forEach(([user, kind, amount, at], i) => insert.run(id(i), user, kind, amount, Date.parse(at)));
    old.close();
    const store = await openSqliteStore(file);
    try {
      await expectRecords(store);
    } finally {
      await store.close();
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB', () => {
  const name = `bh_receipts_${process.pid}_${Date.now().toString(36)}`;
  let client: MongoClient;
  beforeAll(async () => {
    client = await MongoClient.connect(mongoUri ?? '', { serverSelectionTimeoutMS: 5_000 });
  });
  afterAll(async () => {
    await client.db(name).dropDatabase();
    await client.close();
  });

  it('writes each old credit its balance after and its reference when the store opens', async () => {
    const docs: LedgerDoc[] = OLD.map(([userId, kind, amount, at], i) => ({
      _id: ObjectId.createFromHexString(id(i)),
      userId,
      kind,
      amount,
      loanId: null,
      bookTitle: null,
      note: 'Old',
      recordedBy: null,
      createdAt: new Date(at),
      chargeKey: id(i),
    }));
    await client.db(name).collection<LedgerDoc>('ledger').insertMany(docs);
    const store = await openMongoStore(mongoUri ?? '', name);
    try {
      await expectRecords(store);
    } finally {
      await store.close();
    }
  });
});
