// Ledger notes the library wrote in English before it wrote keys read as keys on both stores (SQLite's migration
// 26 rewrites the rows; MongoDB reads both forms), so they are said in the reader's language; staff's words stay.
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
import { systemNote, type LedgerKind, type Store } from '../../server/store/port.ts';

/** Entries as the library wrote them before (kind, English note), and what each reads as now. */
const OLD: [LedgerKind, string, string][] = [
  ['late-fee', 'Returned late', systemNote('ledgerReturnedLate')],
  ['replacement', 'Lost: replacement cost', systemNote('ledgerLostReplacement')],
  ['processing-fee', 'Lost: processing fee', systemNote('ledgerLostProcessing')],
  ['replacement', 'Damaged: replacement cost', systemNote('ledgerDamagedReplacement')],
  ['processing-fee', 'Damaged: processing fee', systemNote('ledgerDamagedProcessing')],
  ['payment', 'Paid at the desk', systemNote('ledgerPaidAtDesk')],
  ['waiver', 'Waived at the desk', systemNote('ledgerWaivedAtDesk')],
  ['lost-found', 'Replacement refunded: the lost copy was found', systemNote('ledgerLostFound')],
  // Staff's own words stay, even where they read like the library's on another kind of entry.
  ['payment', 'Cash from her brother', 'Cash from her brother'],
  ['payment', 'Returned late', 'Returned late'],
];
const id = (i: number) => `c${String(i).padStart(23, '0')}`;

async function expectNotesRead(store: Store) {
  const entries = await store.ledger.list('u1');
  const byId = new Map(entries.map((entry) => [entry.id, entry.note]));
  expect(OLD.map((_, i) => byId.get(id(i)))).toEqual(OLD.map(([, , now]) => now));
}

describe('SQLite', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bookhaven-ledger-notes-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('rewrites the English notes the library wrote as keys, and keeps staff notes', async () => {
    const file = join(dir, 'old.db');
    const old = openDatabaseAt(
      file,
      MIGRATIONS.findIndex((sql) => sql.includes("THEN 'ledgerReturnedLate'")),
    );
    const insert = old.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
      created_at) VALUES (?, 'u1', ?, 100, NULL, 'Old', ?, NULL, ?)`);
    OLD.forEach(([kind, note], i) => insert.run(id(i), kind, note, 1000 + i));
    old.close();
    const store = await openSqliteStore(file);
    try {
      await expectNotesRead(store);
    } finally {
      await store.close();
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB', () => {
  const name = `bh_ledger_notes_${process.pid}_${Date.now().toString(36)}`;
  let client: MongoClient;
  beforeAll(async () => {
    client = await MongoClient.connect(mongoUri ?? '', { serverSelectionTimeoutMS: 5_000 });
  });
  afterAll(async () => {
    await client.db(name).dropDatabase();
    await client.close();
  });

  it('reads the English notes the library wrote as keys, and staff notes as typed', async () => {
    const docs: LedgerDoc[] = OLD.map(([kind, note], i) => ({
      _id: ObjectId.createFromHexString(id(i)),
      userId: 'u1',
      kind,
      amount: 100,
      loanId: null,
      bookTitle: 'Old',
      note,
      recordedBy: null,
      createdAt: new Date(1000 + i),
      chargeKey: id(i),
    }));
    await client.db(name).collection<LedgerDoc>('ledger').insertMany(docs);
    const store = await openMongoStore(mongoUri ?? '', name);
    try {
      await expectNotesRead(store);
    } finally {
      await store.close();
    }
  });
});
