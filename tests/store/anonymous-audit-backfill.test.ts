// Loans the daily run anonymized before their audit entries were (decision 083) kept entries naming the member,
// without the loan's id. The back-fill (SQLite's migration 43, MongoDB's open) finds each loan's opening entry,
// whose uid is the member, and takes the member off the loan's entries as anonymizing does: the loan's marker,
// staff's words about them emptied. Another member's entries, the member's other loans and loans it cannot tell
// apart stay as they were; it runs once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ObjectId } from 'mongodb';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LOAN_TRAIL } from '../../server/library/audit-privacy.ts';
import { TRAIL_BEFORE_41 } from '../../server/store/anonymous-trail-backfill.ts';
import type { AuditAction, AuditRecord, Store } from '../../server/store/port.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { withMongoData } from './mongo-data.ts';
import { backfillAnonymousTrails, type BackfillDoc } from '../../server/store/mongo/anonymous-audit-backfill.ts';
import type { AuditDoc } from '../../server/store/mongo/audit.ts';
import type { LoanDoc } from '../../server/store/mongo/documents.ts';

const hex = (kind: string, n: number) => `${kind}${String(n).padStart(23, '0')}`;
const [DRACULA, EMMA] = [hex('a', 1), hex('a', 2)];
const DAY = 86_400_000;
const T0 = Date.parse('2026-01-05T10:00:00.000Z');
const [ADA, BOB, CLEO, DAN] = ['uid-ada', 'uid-bob', 'uid-cleo', 'uid-dan'];
const [FIRST, SECOND] = ['anonymous:0a1b', 'anonymous:2c3d'];

interface OldLoan {
  id: string;
  book: string;
  user: string;
  borrowed: number;
  returned: number | null;
}

const LOANS: OldLoan[] = [
  // Ada's two loans of Dracula the run anonymized (a desk loan, then one in the app), Bob's between them, still
  // his, and Ada's loan of it today; Cleo's and Dan's loans of Emma, lent at the same moment, anonymized.
  { id: hex('b', 1), book: DRACULA, user: FIRST, borrowed: T0, returned: T0 + 10 * DAY },
  { id: hex('b', 2), book: DRACULA, user: BOB, borrowed: T0 + 12 * DAY, returned: T0 + 15 * DAY },
  { id: hex('b', 3), book: DRACULA, user: SECOND, borrowed: T0 + 20 * DAY, returned: T0 + 25 * DAY },
  { id: hex('b', 4), book: DRACULA, user: ADA, borrowed: T0 + 40 * DAY, returned: null },
  { id: hex('b', 5), book: EMMA, user: 'anonymous:4e5f', borrowed: T0 + 2 * DAY, returned: T0 + 9 * DAY },
  { id: hex('b', 6), book: EMMA, user: 'anonymous:6a7b', borrowed: T0 + 2 * DAY, returned: T0 + 8 * DAY },
];

type Old = [at: number, actor: string, action: AuditAction, field: string, old: string | null, value: string | null];
const STAFF = 'uid-staff';
const names: Record<string, string> = { [STAFF]: 'Sam Staff', [ADA]: 'Ada Reader' };

/** Entries as recorded before migration 41 (no loan id): [book, member, entry]. */
const ENTRIES: [string | null, string, Old][] = [
  [DRACULA, ADA, [T0, STAFF, 'check-out', 'item', null, 'BH0000017']],
  [DRACULA, ADA, [T0, STAFF, 'override', 'LOAN_LIMIT', 'Ada has 5 loans', 'knows her']],
  [DRACULA, ADA, [T0 + 5 * DAY, ADA, 'renewal', 'returnDate', '2026-01-19', '2026-02-02']],
  [DRACULA, ADA, [T0 + 10 * DAY, STAFF, 'check-in', 'status', 'borrowed', 'returned']],
  [DRACULA, ADA, [T0 + 10 * DAY, STAFF, 'fee-forgiven', 'lateFee', '20', '0']],
  [DRACULA, BOB, [T0 + 12 * DAY, STAFF, 'check-out', 'item', null, 'BH0000017']],
  [DRACULA, BOB, [T0 + 15 * DAY, STAFF, 'check-in', 'status', 'borrowed', 'returned']],
  // The app's loan: its entry read the clock 3 ms after the loan did.
  [DRACULA, ADA, [T0 + 20 * DAY + 3, ADA, 'borrowed', 'dueDate', null, '2026-02-08']],
  [DRACULA, ADA, [T0 + 25 * DAY, ADA, 'returned', 'status', 'borrowed', 'returned']],
  [DRACULA, ADA, [T0 + 40 * DAY, ADA, 'borrowed', 'dueDate', null, '2026-02-28']],
  [null, ADA, [T0 - DAY, ADA, 'member-registered', 'cardNumber', null, 'BM0000013']],
  [EMMA, CLEO, [T0 + 2 * DAY, STAFF, 'check-out', 'item', null, 'BH0000021']],
  [EMMA, DAN, [T0 + 2 * DAY + 1, STAFF, 'check-out', 'item', null, 'BH0000022']],
];

const entryId = (i: number) => hex('c', i);

async function trails(store: Store): Promise<AuditRecord[]> {
  const [dracula, emma, ada] = await Promise.all([
    store.audit.listByBook(DRACULA, { first: 50 }),
    store.audit.listByBook(EMMA, { first: 50 }),
    store.audit.listByUid(ADA, { first: 50 }),
  ]);
  return [...dracula.nodes, ...emma.nodes, ...ada.nodes];
}

async function expectBackfilled(store: Store): Promise<AuditRecord[]> {
  const all = await trails(store);
  const byId = new Map(all.map((entry) => [entry.id, entry]));
  const entry = (i: number) => byId.get(entryId(i));
  const about = (i: number) => [entry(i)?.uid, entry(i)?.actorUid, entry(i)?.actorName];
  // The desk loan's entries: its marker, staff stay who made theirs; the member's own renewal is the marker's.
  expect([0, 1, 2, 3, 4].map(about)).toEqual([
    [FIRST, STAFF, 'Sam Staff'],
    [FIRST, STAFF, 'Sam Staff'],
    [FIRST, FIRST, ''],
    [FIRST, STAFF, 'Sam Staff'],
    [FIRST, STAFF, 'Sam Staff'],
  ]);
  // Staff's words about the member go; the library's facts stay.
  expect(entry(1)).toMatchObject({ oldValue: null, newValue: null, field: 'LOAN_LIMIT' });
  expect(entry(0)).toMatchObject({ newValue: 'BH0000017', loanId: null });
  expect(entry(3)).toMatchObject({ oldValue: 'borrowed', newValue: 'returned' });
  // The app loan's, matched within its second, end at Ada's loan of today.
  expect([7, 8].map(about)).toEqual([
    [SECOND, SECOND, ''],
    [SECOND, SECOND, ''],
  ]);
  expect(entry(8)).toMatchObject({ oldValue: 'borrowed', newValue: 'returned' });
  // Bob's loan, Ada's loan of today and her card; Cleo's and Dan's loans, which the back-fill cannot tell apart.
  expect([5, 6, 9, 10, 11, 12].map((i) => entry(i)?.uid)).toEqual([BOB, BOB, ADA, ADA, CLEO, DAN]);
  expect(entry(9)).toMatchObject({ actorUid: ADA, actorName: 'Ada Reader', newValue: '2026-02-28' });
  expect(entry(11)).toMatchObject({ actorName: 'Sam Staff', newValue: 'BH0000021' });
  return all;
}

it('matches the loan trail of the entries recorded before loan ids, and empties what anonymizing empties', () => {
  expect(LOAN_TRAIL.actions).toEqual(expect.arrayContaining([...TRAIL_BEFORE_41.actions]));
  expect(TRAIL_BEFORE_41.actions.filter((action) => LOAN_TRAIL.emptied.includes(action))).toEqual(
    TRAIL_BEFORE_41.emptied,
  );
});

describe('SQLite: migration 43', () => {
  // A library at migration 41: its entries have loan ids from then on, older ones none.
  const AT_41 = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN loan_id')) + 1;
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bookhaven-anonymous-backfill-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A library as the daily run left it before migration 41: loans anonymized, their entries naming the member. */
  function oldLibrary(file: string): void {
    const old = openDatabaseAt(file, AT_41);
    const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
      copies, held, version, search_key, created_at, updated_at) VALUES (?, ?, 'A', 'Drama', 'd', '/x.svg', 4, 2, 2, 0,
      1, ?, 1000, 2000)`);
    for (const [id, title] of [
      [DRACULA, 'Dracula'],
      [EMMA, 'Emma'],
    ])
      book.run(id ?? '', title ?? '', (title ?? '').toLowerCase());
    const loan = old.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date,
      return_date, returned_at, status, book_title, book_author, book_image, book_category) VALUES (?, ?, ?, '', '',
      ?, ?, ?, ?, 'T', 'A', '/x.svg', 'Drama')`);
    for (const l of LOANS)
      loan.run(
        l.id,
        l.book,
        l.user,
        l.borrowed,
        l.borrowed + 14 * DAY,
        l.returned,
        l.returned ? 'returned' : 'borrowed',
      );
    const entry = old.prepare(`INSERT INTO audit (id, at, actor_uid, actor_name, api, action, field, old_value,
      new_value, book_id, uid) VALUES (?, ?, ?, ?, 'graphql', ?, ?, ?, ?, ?, ?)`);
    ENTRIES.forEach(([bookId, uid, [at, actor, action, field, oldValue, value]], i) =>
      entry.run(entryId(i), at, actor, names[actor] ?? '', action, field, oldValue, value, bookId, uid),
    );
    old.close();
  }

  it("takes the member off the loans' entries once, and keeps what it did", async () => {
    const file = join(dir, 'old.db');
    oldLibrary(file);
    const store = await openSqliteStore(file);
    let after: AuditRecord[] = [];
    try {
      after = await expectBackfilled(store);
    } finally {
      await store.close();
    }
    const db = new DatabaseSync(file);
    try {
      expect(db.prepare('SELECT name, loans, ambiguous FROM backfills').all()).toEqual([
        { name: 'anonymous-audit', loans: 2, ambiguous: 2 },
      ]);
    } finally {
      db.close();
    }
    const reopened = await openSqliteStore(file);
    try {
      expect(await trails(reopened)).toEqual(after);
    } finally {
      await reopened.close();
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB: the back-fill on open', () => {
  it("takes the member off the loans' entries once, and keeps what it did", () =>
    withMongoData(mongoUri ?? '', 'bh_anon_backfill', async (db, open) => {
      const loans: LoanDoc[] = LOANS.map((l) => ({
        _id: ObjectId.createFromHexString(l.id),
        bookId: l.book,
        userId: l.user,
        userName: '',
        userEmail: '',
        borrowDate: new Date(l.borrowed),
        returnDate: new Date(l.borrowed + 14 * DAY),
        returnedAt: l.returned === null ? null : new Date(l.returned),
        status: l.returned === null ? 'borrowed' : 'returned',
        activeKey: l.returned === null ? `${l.user}:${l.book}` : l.id,
        bookTitle: 'T',
        bookAuthor: 'A',
        bookImage: '/x.svg',
        bookCategory: 'Drama',
      }));
      await db.collection<LoanDoc>('borrowedBooks').insertMany(loans);
      // Recorded before loan ids: no loanId field at all.
      const entries: AuditDoc[] = ENTRIES.map(([bookId, uid, [at, actor, action, field, oldValue, value]], i) => ({
        _id: ObjectId.createFromHexString(entryId(i)),
        at: new Date(at),
        actorUid: actor,
        actorName: names[actor] ?? '',
        api: 'graphql',
        action,
        field,
        oldValue,
        newValue: value,
        bookId,
        uid,
      }));
      await db.collection<AuditDoc>('audit').insertMany(entries);
      const store = await open();
      let after: AuditRecord[] = [];
      try {
        after = await expectBackfilled(store);
      } finally {
        await store.close();
      }
      const backfills = db.collection<BackfillDoc>('backfills');
      expect(await backfills.findOne({}, { projection: { _id: 1, loans: 1, ambiguous: 1 } })).toEqual({
        _id: 'anonymous-audit',
        loans: 2,
        ambiguous: 2,
      });
      const reopened = await open();
      try {
        expect(await trails(reopened)).toEqual(after);
        // Run again without its record (two gateways opening at once): its writes find nothing left to change.
        await backfills.deleteMany({});
        const audit = db.collection<AuditDoc>('audit');
        expect(await backfillAnonymousTrails({ loans: db.collection('borrowedBooks'), audit, backfills })).toEqual({
          loans: 0,
          ambiguous: 2,
        });
        expect(await trails(reopened)).toEqual(after);
      } finally {
        await reopened.close();
      }
    }));
});
